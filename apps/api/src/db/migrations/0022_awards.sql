CREATE TABLE "api_quota_usage" (
	"api" text NOT NULL,
	"day" date NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "api_quota_usage_api_day_pk" PRIMARY KEY("api","day")
);
--> statement-breakpoint
CREATE TABLE "awards" (
	"award_key" text PRIMARY KEY NOT NULL,
	"piid" text NOT NULL,
	"piid_key" text NOT NULL,
	"parent_idv_piid" text,
	"parent_idv_piid_key" text,
	"award_type_code" text,
	"recipient_uei" text,
	"recipient_name" text,
	"recipient_parent_uei" text,
	"awarding_agency_code" text,
	"awarding_agency_name" text,
	"awarding_sub_agency_code" text,
	"awarding_sub_agency_name" text,
	"awarding_office_code" text,
	"awarding_office_name" text,
	"naics_code" text,
	"psc_code" text,
	"pop_state" text,
	"pop_zip" text,
	"pop_country" text,
	"start_date" date,
	"current_end_date" date,
	"potential_end_date" date,
	"obligated_amount" numeric(20, 2),
	"base_and_all_options_value" numeric(20, 2),
	"solicitation_id" text,
	"solicitation_key" text,
	"set_aside_code" text,
	"extent_competed_code" text,
	"offers_received" integer,
	"modification_count" integer,
	"description" text,
	"last_action_date" date,
	"source" text NOT NULL,
	"source_url" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"content_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipients" (
	"uei" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"names_seen" text[] DEFAULT '{}' NOT NULL,
	"parent_uei" text,
	"business_types" text[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "kind" text DEFAULT 'opportunities' NOT NULL;--> statement-breakpoint
CREATE INDEX "awards_piid_key_idx" ON "awards" USING btree ("piid_key");--> statement-breakpoint
CREATE INDEX "awards_parent_idv_piid_key_idx" ON "awards" USING btree ("parent_idv_piid_key");--> statement-breakpoint
CREATE INDEX "awards_solicitation_key_idx" ON "awards" USING btree ("solicitation_key");--> statement-breakpoint
CREATE INDEX "awards_recipient_uei_idx" ON "awards" USING btree ("recipient_uei");--> statement-breakpoint
CREATE INDEX "awards_office_naics_idx" ON "awards" USING btree ("awarding_office_code","naics_code");--> statement-breakpoint
CREATE INDEX "awards_current_end_date_idx" ON "awards" USING btree ("current_end_date");