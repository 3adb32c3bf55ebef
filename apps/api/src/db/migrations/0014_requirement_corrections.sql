CREATE TABLE "requirement_corrections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"solicitation_id" uuid NOT NULL,
	"requirement_id" text NOT NULL,
	"not_a_requirement" boolean DEFAULT false NOT NULL,
	"section" text,
	"must_or_should" text,
	"note" text,
	"carried_from_version" integer,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "requirement_corrections" ADD CONSTRAINT "requirement_corrections_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_corrections" ADD CONSTRAINT "requirement_corrections_solicitation_id_rfp_solicitations_id_fk" FOREIGN KEY ("solicitation_id") REFERENCES "public"."rfp_solicitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_corrections" ADD CONSTRAINT "requirement_corrections_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "requirement_corrections_solicitation_requirement_unique" ON "requirement_corrections" USING btree ("solicitation_id","requirement_id");--> statement-breakpoint
CREATE INDEX "requirement_corrections_workspace_idx" ON "requirement_corrections" USING btree ("workspace_id");