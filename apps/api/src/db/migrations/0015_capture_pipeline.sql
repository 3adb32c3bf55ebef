CREATE TABLE "pipeline_stages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"outcome" text,
	"opens_workspace" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pursuits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"opportunity_id" uuid,
	"notice_id" text NOT NULL,
	"notice" jsonb NOT NULL,
	"stage_id" uuid NOT NULL,
	"owner_id" uuid,
	"created_by" uuid,
	"estimated_value" numeric(15, 2),
	"value_source" text,
	"p_win" integer,
	"p_go" integer,
	"expected_award_date" date,
	"next_action" text,
	"next_action_due" date,
	"competitors" text[] DEFAULT '{}'::text[] NOT NULL,
	"teaming_partners" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pursuits_p_win_range" CHECK ("pursuits"."p_win" between 0 and 100),
	CONSTRAINT "pursuits_p_go_range" CHECK ("pursuits"."p_go" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_guest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pursuits" ADD CONSTRAINT "pursuits_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pursuits" ADD CONSTRAINT "pursuits_stage_id_pipeline_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."pipeline_stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pursuits" ADD CONSTRAINT "pursuits_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pursuits" ADD CONSTRAINT "pursuits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pipeline_stages_name_unique" ON "pipeline_stages" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "pursuits_notice_unique" ON "pursuits" USING btree ("notice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pursuits_opportunity_unique" ON "pursuits" USING btree ("opportunity_id");--> statement-breakpoint
CREATE INDEX "pursuits_stage_idx" ON "pursuits" USING btree ("stage_id");--> statement-breakpoint
CREATE INDEX "pursuits_owner_idx" ON "pursuits" USING btree ("owner_id");--> statement-breakpoint
-- The default stage list (issue 26); an admin may rename, reorder, add or remove stages later.
INSERT INTO "pipeline_stages" ("name", "position", "outcome", "opens_workspace") VALUES
  ('Identified', 0, NULL, false),
  ('Qualified', 1, NULL, false),
  ('Capture', 2, NULL, false),
  ('Bid decision', 3, NULL, false),
  ('Proposal', 4, NULL, true),
  ('Submitted', 5, NULL, false),
  ('Won', 6, 'won', false),
  ('Lost', 7, 'lost', false),
  ('No bid', 8, 'no_bid', false),
  ('Cancelled', 9, 'cancelled', false);
--> statement-breakpoint
-- Existing accounts made from a workspace invitation become guests: registering from a join link
-- creates the user and accepts the invite in one transaction (accepted within seconds of creation),
-- never with an admin invite code, and always as role 'user'. Admin-created accounts and code
-- registrations are left internal; an admin can change either way in Admin → Users.
UPDATE "users" u SET "is_guest" = true
  WHERE u."role" = 'user'
    AND NOT EXISTS (SELECT 1 FROM "invite_codes" c WHERE c."used_by_email" = u."email")
    AND EXISTS (
      SELECT 1 FROM "workspace_invites" i
      WHERE i."accepted_by" = u."id"
        AND i."accepted_at" BETWEEN u."created_at" - interval '10 seconds' AND u."created_at" + interval '10 seconds'
    );
