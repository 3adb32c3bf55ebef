ALTER TABLE "pursuits" ALTER COLUMN "notice_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "kind" text DEFAULT 'opportunities' NOT NULL;--> statement-breakpoint
ALTER TABLE "pursuits" ADD COLUMN "award_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "pursuits_award_key_unique" ON "pursuits" USING btree ("award_key");--> statement-breakpoint
CREATE INDEX "awards_naics_end_idx" ON "awards" USING btree ("naics_code","current_end_date");--> statement-breakpoint
CREATE INDEX "awards_psc_end_idx" ON "awards" USING btree ("psc_code","current_end_date");--> statement-breakpoint
CREATE INDEX "awards_agency_end_idx" ON "awards" USING btree ("awarding_agency_code","current_end_date");--> statement-breakpoint
CREATE INDEX "awards_sub_agency_end_idx" ON "awards" USING btree ("awarding_sub_agency_code","current_end_date");--> statement-breakpoint
CREATE INDEX "awards_obligated_desc_idx" ON "awards" USING btree ("obligated_amount" desc nulls last);--> statement-breakpoint
CREATE INDEX "awards_ceiling_desc_idx" ON "awards" USING btree ("base_and_all_options_value" desc nulls last);--> statement-breakpoint
CREATE INDEX "awards_radar_signal_end_idx" ON "awards" USING btree ("current_end_date") WHERE ("awards"."offers_received" = 1 or "awards"."extent_competed_code" in ('B', 'C', 'G', 'NDO') or ("awards"."base_and_all_options_value" > 0 and "awards"."obligated_amount" >= 0.8 * "awards"."base_and_all_options_value"));--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_kind" CHECK ("saved_searches"."kind" in ('opportunities', 'radar'));--> statement-breakpoint
ALTER TABLE "pursuits" ADD CONSTRAINT "pursuits_notice_or_award" CHECK ("pursuits"."notice_id" is not null or "pursuits"."award_key" is not null);--> statement-breakpoint
-- Solicitation numbers are matched without a label typed before them ("NOI 140G0322Q0180"):
-- normalizeSolicitation() in integrations/awards/award-record.ts, applied to the rows stored.
UPDATE "awards" SET "solicitation_key" = nullif(upper(regexp_replace(regexp_replace(regexp_replace("solicitation_id", '^\s+|\s+$', '', 'g'), '^(?:[^\d\s]+\s+)+(?=\S*\d)', ''), '[\s.-]+', '', 'g')), '')
WHERE "solicitation_id" ~ '^\s*[^\d\s]+\s';
