ALTER TABLE "rfp_analyses" ADD COLUMN "conflicts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "rfp_analyses" ADD COLUMN "reported_separately" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "rfp_analyses" ADD COLUMN "format_checks" jsonb DEFAULT '[]'::jsonb NOT NULL;