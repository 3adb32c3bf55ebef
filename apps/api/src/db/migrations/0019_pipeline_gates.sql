CREATE TABLE "gate_factors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"weight" integer NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gate_factors_weight_range" CHECK ("gate_factors"."weight" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "pursuit_gate_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "pursuit_gate_reviews_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"pursuit_id" uuid NOT NULL,
	"gate_stage_id" uuid,
	"gate_name" text NOT NULL,
	"scores" jsonb NOT NULL,
	"inputs" jsonb NOT NULL,
	"p_go" integer NOT NULL,
	"recommendation" text NOT NULL,
	"drivers" text[] NOT NULL,
	"decision" text NOT NULL,
	"rationale" text NOT NULL,
	"decided_by" uuid,
	"decider_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pursuit_outcomes" (
	"pursuit_id" uuid PRIMARY KEY NOT NULL,
	"outcome" text NOT NULL,
	"award_value" numeric(15, 2),
	"winner" text,
	"reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"reason_text" text DEFAULT '' NOT NULL,
	"debrief_date" date,
	"lessons_learned" text DEFAULT '' NOT NULL,
	"p_win_at_close" integer,
	"recorded_by" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pursuit_stage_entries" (
	"pursuit_id" uuid NOT NULL,
	"stage_id" uuid NOT NULL,
	"first_entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pursuit_stage_entries_pursuit_id_stage_id_pk" PRIMARY KEY("pursuit_id","stage_id")
);
--> statement-breakpoint
ALTER TABLE "pipeline_stages" ADD COLUMN "gate_evidence" text[];--> statement-breakpoint
ALTER TABLE "pursuits" ADD COLUMN "incumbent" text;--> statement-breakpoint
ALTER TABLE "pursuits" ADD COLUMN "page_budget" integer;--> statement-breakpoint
ALTER TABLE "pursuit_gate_reviews" ADD CONSTRAINT "pursuit_gate_reviews_pursuit_id_pursuits_id_fk" FOREIGN KEY ("pursuit_id") REFERENCES "public"."pursuits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pursuit_gate_reviews" ADD CONSTRAINT "pursuit_gate_reviews_gate_stage_id_pipeline_stages_id_fk" FOREIGN KEY ("gate_stage_id") REFERENCES "public"."pipeline_stages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pursuit_gate_reviews" ADD CONSTRAINT "pursuit_gate_reviews_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pursuit_outcomes" ADD CONSTRAINT "pursuit_outcomes_pursuit_id_pursuits_id_fk" FOREIGN KEY ("pursuit_id") REFERENCES "public"."pursuits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pursuit_outcomes" ADD CONSTRAINT "pursuit_outcomes_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pursuit_stage_entries" ADD CONSTRAINT "pursuit_stage_entries_pursuit_id_pursuits_id_fk" FOREIGN KEY ("pursuit_id") REFERENCES "public"."pursuits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pursuit_stage_entries" ADD CONSTRAINT "pursuit_stage_entries_stage_id_pipeline_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."pipeline_stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gate_factors_name_unique" ON "gate_factors" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "pursuit_gate_reviews_pursuit_idx" ON "pursuit_gate_reviews" USING btree ("pursuit_id","gate_stage_id","seq");--> statement-breakpoint
CREATE INDEX "pursuit_stage_entries_stage_idx" ON "pursuit_stage_entries" USING btree ("stage_id");--> statement-breakpoint
-- Issue 26 item 3: Qualified and Bid decision are the default gates. Qualified needs the incumbent
-- (or "none") for a Go; Bid decision needs the incumbent, the RFP's requirements extracted in the
-- workspace, and the page budget. Matched by name: an installation that renamed them sets its own.
UPDATE "pipeline_stages" SET "gate_evidence" = '{incumbent}'::text[] WHERE lower("name") = 'qualified' AND "outcome" IS NULL;
--> statement-breakpoint
UPDATE "pipeline_stages" SET "gate_evidence" = '{incumbent,rfp_requirements,page_budget}'::text[] WHERE lower("name") = 'bid decision' AND "outcome" IS NULL;
--> statement-breakpoint
INSERT INTO "gate_factors" ("name", "description", "weight", "position") VALUES
  ('Customer relationship and access', 'Have we met the customer; do we know their hot buttons?', 2, 0),
  ('Incumbent position', 'Are we the incumbent, or is the incumbent weak or absent?', 2, 1),
  ('Past performance fit', 'Relevant, recent contracts of similar size and scope', 2, 2),
  ('Technical fit', 'Can we meet the requirement with people and solutions we have?', 2, 3),
  ('Price position', 'Can we be competitive on price and still make margin?', 2, 4),
  ('Teaming', 'Do we have the partners we need, signed?', 1, 5),
  ('Capacity and B&P cost', 'Writers, reviewers and budget to respond without hurting other bids', 1, 6),
  ('Strategic value', 'Does winning move us toward the agencies and work we want?', 1, 7),
  ('Compliance readiness', 'From the extracted requirements: certifications, clearances, set-aside eligibility', 2, 8);
--> statement-breakpoint
-- Gate reviews are append-only: no statement may UPDATE or DELETE one. Only the foreign keys' own
-- actions may — the pursuit's cascade (DELETE) and a removed gate stage's SET NULL (UPDATE) — and
-- those run one trigger level down, so pg_trigger_depth() > 1 there.
CREATE FUNCTION "pursuit_gate_reviews_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() <= 1 THEN
    RAISE EXCEPTION 'gate reviews are append-only' USING ERRCODE = 'restrict_violation';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "pursuit_gate_reviews_append_only" BEFORE UPDATE OR DELETE ON "pursuit_gate_reviews"
  FOR EACH ROW EXECUTE FUNCTION "pursuit_gate_reviews_append_only"();
--> statement-breakpoint
-- The funnel: every stage a pursuit enters, kept by the database so no code path can skip it.
CREATE FUNCTION "pursuit_stage_entries_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "pursuit_stage_entries" ("pursuit_id", "stage_id") VALUES (NEW."id", NEW."stage_id") ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "pursuit_stage_entries_record" AFTER INSERT OR UPDATE OF "stage_id" ON "pursuits"
  FOR EACH ROW EXECUTE FUNCTION "pursuit_stage_entries_record"();
--> statement-breakpoint
-- Pursuits made before this migration: their current stage is the only one known.
INSERT INTO "pursuit_stage_entries" ("pursuit_id", "stage_id", "first_entered_at")
  SELECT "id", "stage_id", "stage_changed_at" FROM "pursuits" ON CONFLICT DO NOTHING;
