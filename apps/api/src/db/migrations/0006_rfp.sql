CREATE TABLE "rfp_analyses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"solicitation_id" uuid NOT NULL,
	"draft_file_name" text NOT NULL,
	"draft_storage_key" text NOT NULL,
	"draft_size_bytes" integer NOT NULL,
	"fit_score" integer NOT NULL,
	"coverage_score" integer NOT NULL,
	"evidence_score" integer NOT NULL,
	"language_match_score" integer NOT NULL,
	"matches" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"missing_requirements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"suggestions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rfp_solicitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"page_count" integer NOT NULL,
	"processing_status" text DEFAULT 'completed' NOT NULL,
	"requirements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "generated_documents" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "rfp_analyses" ADD CONSTRAINT "rfp_analyses_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfp_analyses" ADD CONSTRAINT "rfp_analyses_solicitation_id_rfp_solicitations_id_fk" FOREIGN KEY ("solicitation_id") REFERENCES "public"."rfp_solicitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfp_analyses" ADD CONSTRAINT "rfp_analyses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfp_solicitations" ADD CONSTRAINT "rfp_solicitations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfp_solicitations" ADD CONSTRAINT "rfp_solicitations_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rfp_analyses_workspace_idx" ON "rfp_analyses" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rfp_solicitations_workspace_version_unique" ON "rfp_solicitations" USING btree ("workspace_id","version");--> statement-breakpoint
ALTER TABLE "generated_documents" ADD CONSTRAINT "generated_documents_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generated_documents_workspace_idx" ON "generated_documents" USING btree ("workspace_id","created_at");