CREATE TABLE "opportunities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"notice_id" text NOT NULL,
	"title" text NOT NULL,
	"solicitation_number" text,
	"department" text,
	"cgac" text,
	"sub_tier" text,
	"fpds_code" text,
	"office" text,
	"aac_code" text,
	"notice_type" text,
	"base_type" text,
	"archive_type" text,
	"archive_date" timestamp with time zone,
	"set_aside_code" text,
	"set_aside" text,
	"naics_code" text,
	"psc_code" text,
	"posted_date" timestamp with time zone,
	"response_deadline" timestamp with time zone,
	"active" boolean,
	"place_of_performance" jsonb,
	"award" jsonb,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"organization_type" text,
	"office_address" jsonb,
	"additional_info_link" text,
	"link" text,
	"description" text,
	"description_fetched_at" timestamp with time zone,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pdf_processed" boolean DEFAULT false NOT NULL,
	"source" text DEFAULT 'csv' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '') || ' ' || coalesce(solicitation_number, '')), 'A') || setweight(to_tsvector('english', coalesce(department, '') || ' ' || coalesce(sub_tier, '') || ' ' || coalesce(office, '')), 'B') || setweight(to_tsvector('english', left(coalesce(description, ''), 200000)), 'C')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opportunities_noticeId_unique" UNIQUE("notice_id")
);
--> statement-breakpoint
CREATE TABLE "saved_opportunities" (
	"user_id" uuid NOT NULL,
	"opportunity_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_opportunities_user_id_opportunity_id_pk" PRIMARY KEY("user_id","opportunity_id")
);
--> statement-breakpoint
CREATE TABLE "generated_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"opportunity_id" uuid,
	"document_type" text NOT NULL,
	"content" text NOT NULL,
	"solicitation_number" text,
	"metadata" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "solicitation_pdfs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"opportunity_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"page_count" integer NOT NULL,
	"requirements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"actor_name" text,
	"actor_email" text,
	"action" text NOT NULL,
	"document_type" text,
	"solicitation_number" text,
	"target_type" text,
	"target_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"type" text DEFAULT 'system' NOT NULL,
	"link" text,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_opportunities" ADD CONSTRAINT "saved_opportunities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_opportunities" ADD CONSTRAINT "saved_opportunities_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_documents" ADD CONSTRAINT "generated_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_documents" ADD CONSTRAINT "generated_documents_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitation_pdfs" ADD CONSTRAINT "solicitation_pdfs_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitation_pdfs" ADD CONSTRAINT "solicitation_pdfs_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "opportunities_search_idx" ON "opportunities" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "opportunities_department_idx" ON "opportunities" USING btree ("department");--> statement-breakpoint
CREATE INDEX "opportunities_naics_idx" ON "opportunities" USING btree ("naics_code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "opportunities_psc_idx" ON "opportunities" USING btree ("psc_code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "opportunities_set_aside_idx" ON "opportunities" USING btree ("set_aside_code");--> statement-breakpoint
CREATE INDEX "opportunities_response_idx" ON "opportunities" USING btree ("response_deadline");--> statement-breakpoint
CREATE INDEX "opportunities_posted_idx" ON "opportunities" USING btree ("posted_date");--> statement-breakpoint
CREATE INDEX "opportunities_solicitation_idx" ON "opportunities" USING btree ("solicitation_number");--> statement-breakpoint
CREATE INDEX "saved_opportunities_opp_idx" ON "saved_opportunities" USING btree ("opportunity_id");--> statement-breakpoint
CREATE INDEX "generated_documents_user_idx" ON "generated_documents" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "generated_documents_opp_idx" ON "generated_documents" USING btree ("opportunity_id");--> statement-breakpoint
CREATE INDEX "solicitation_pdfs_opp_idx" ON "solicitation_pdfs" USING btree ("opportunity_id","created_at");--> statement-breakpoint
CREATE INDEX "activity_created_idx" ON "activity" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "activity_user_idx" ON "activity" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");