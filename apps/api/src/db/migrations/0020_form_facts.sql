ALTER TABLE "solicitation_pdfs" ADD COLUMN "form_facts" jsonb;--> statement-breakpoint
ALTER TABLE "rfp_solicitations" ADD COLUMN "form_facts" jsonb;