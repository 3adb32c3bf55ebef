CREATE TABLE "pursuit_parties" (
	"pursuit_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"recipient_uei" text NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pursuit_parties_pursuit_id_kind_name_pk" PRIMARY KEY("pursuit_id","kind","name")
);
--> statement-breakpoint
ALTER TABLE "pursuits" ADD COLUMN "value_award" jsonb;--> statement-breakpoint
ALTER TABLE "pursuit_parties" ADD CONSTRAINT "pursuit_parties_pursuit_id_pursuits_id_fk" FOREIGN KEY ("pursuit_id") REFERENCES "public"."pursuits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pursuit_parties" ADD CONSTRAINT "pursuit_parties_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "awards_naics_prefix_idx" ON "awards" USING btree ("naics_code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "awards_psc_prefix_idx" ON "awards" USING btree ("psc_code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "awards_pop_state_idx" ON "awards" USING btree ("pop_state");--> statement-breakpoint
CREATE INDEX "recipients_business_types_idx" ON "recipients" USING gin ("business_types");