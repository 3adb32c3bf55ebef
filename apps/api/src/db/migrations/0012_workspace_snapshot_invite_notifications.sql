ALTER TABLE "notifications" ADD COLUMN "invite_id" uuid;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "notice_id" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "opportunity_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_invite_id_workspace_invites_id_fk" FOREIGN KEY ("invite_id") REFERENCES "public"."workspace_invites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_invite_idx" ON "notifications" USING btree ("invite_id");--> statement-breakpoint
CREATE INDEX "workspaces_unlinked_notice_idx" ON "workspaces" USING btree ("notice_id") WHERE opportunity_id is null;--> statement-breakpoint
-- Backfill: every workspace keeps the facts of the notice it is on (issue 21 item 2). The
-- description and contacts are filled in from the live row when the opportunities are cleared.
UPDATE "workspaces" w SET
  "notice_id" = o."notice_id",
  "opportunity_snapshot" = jsonb_build_object(
    'title', o."title",
    'solicitation_number', o."solicitation_number",
    'agency', o."department",
    'sub_tier', o."sub_tier",
    'office', o."office",
    'notice_type', o."notice_type",
    'naics', o."naics_code",
    'psc', o."psc_code",
    'set_aside', o."set_aside_code",
    'set_aside_description', o."set_aside",
    'posted_date', to_char(o."posted_date" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'response_date', to_char(o."response_deadline" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'description', null,
    'contacts', '[]'::jsonb)
FROM "opportunities" o
WHERE o."id" = w."opportunity_id";
