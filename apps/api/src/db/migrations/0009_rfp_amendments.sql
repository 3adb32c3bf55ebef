ALTER TABLE "tasks" ADD COLUMN "requirement_changes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "rfp_solicitations" ADD COLUMN "amendment" jsonb;