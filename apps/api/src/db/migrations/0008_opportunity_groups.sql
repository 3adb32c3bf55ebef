ALTER TABLE "opportunities" ADD COLUMN "response_time_zone" text;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "group_key" text GENERATED ALWAYS AS (case when nullif(btrim(solicitation_number), '') is null then 'notice:' || notice_id else coalesce(department, '') || '|' || upper(btrim(solicitation_number)) end) STORED;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "latest_in_group" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "group_notice_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "opportunities_latest_posted_idx" ON "opportunities" USING btree ("posted_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE latest_in_group;--> statement-breakpoint
CREATE INDEX "opportunities_latest_due_idx" ON "opportunities" USING btree ("response_deadline","id") WHERE latest_in_group;--> statement-breakpoint
CREATE INDEX "opportunities_group_idx" ON "opportunities" USING btree ("group_key");--> statement-breakpoint
-- Existing rows: mark each group's newest-posted notice and count the group (refreshGroups does this after every write).
WITH ranked AS (
  SELECT id,
    row_number() OVER (PARTITION BY group_key ORDER BY posted_date DESC NULLS LAST, id DESC) = 1 AS latest,
    count(*) OVER (PARTITION BY group_key)::int AS n
  FROM opportunities
)
UPDATE opportunities o SET latest_in_group = r.latest, group_notice_count = r.n
FROM ranked r WHERE o.id = r.id AND (o.latest_in_group <> r.latest OR o.group_notice_count <> r.n);
