CREATE TABLE "nda_acceptances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nda_version_id" uuid NOT NULL,
	"text_sha256" text NOT NULL,
	"workspace_id" uuid,
	"workspace_name" text NOT NULL,
	"user_id" uuid,
	"user_name" text NOT NULL,
	"user_email" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nda_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body_markdown" text NOT NULL,
	"version" integer NOT NULL,
	"effective_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sha256" text NOT NULL,
	CONSTRAINT "nda_versions_version_unique" UNIQUE("version")
);
--> statement-breakpoint
CREATE TABLE "workspace_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"message" text,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"invited_by" uuid,
	"inviter_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	CONSTRAINT "workspace_invites_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"nda_accepted_at" timestamp with time zone,
	"nda_version_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_members_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"opportunity_id" uuid,
	"name" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"require_nda" boolean DEFAULT true NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "nda_acceptances" ADD CONSTRAINT "nda_acceptances_nda_version_id_nda_versions_id_fk" FOREIGN KEY ("nda_version_id") REFERENCES "public"."nda_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nda_acceptances" ADD CONSTRAINT "nda_acceptances_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nda_acceptances" ADD CONSTRAINT "nda_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invites" ADD CONSTRAINT "workspace_invites_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invites" ADD CONSTRAINT "workspace_invites_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invites" ADD CONSTRAINT "workspace_invites_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_nda_version_id_nda_versions_id_fk" FOREIGN KEY ("nda_version_id") REFERENCES "public"."nda_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nda_acceptances_workspace_idx" ON "nda_acceptances" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_invites_pending_unique" ON "workspace_invites" USING btree ("workspace_id","email") WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX "workspace_invites_email_idx" ON "workspace_invites" USING btree ("email");--> statement-breakpoint
CREATE INDEX "workspace_members_user_idx" ON "workspace_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workspaces_opportunity_unique" ON "workspaces" USING btree ("opportunity_id");--> statement-breakpoint
CREATE INDEX "workspaces_owner_idx" ON "workspaces" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_workspace_idx" ON "activity" USING btree ("workspace_id","created_at");
--> statement-breakpoint
-- The mutual NDA shipped as version 1 (text also in modules/nda/mutual-nda-v1.md).
INSERT INTO "nda_versions" ("title", "body_markdown", "version", "effective_at", "sha256")
SELECT t.title, t.body, 1, '2026-11-23T00:00:00Z', encode(sha256(convert_to(t.body, 'UTF8')), 'hex')
FROM (SELECT 'Mutual Non-Disclosure Agreement' AS title, $nda$# Mutual Non-Disclosure Agreement

**Version 1**

This Mutual Non-Disclosure Agreement (the "Agreement") governs information shared inside this BidDesk workspace between the company that owns the workspace (the "Workspace Owner") and each person who joins it, together with the company that person works for or represents (each a "Member"). The Workspace Owner and each Member are each a "Party" and together the "Parties". By selecting **Accept and Continue**, you agree to this Agreement for yourself and confirm that you are authorised to bind the company you represent.

## 1. Purpose

The Parties wish to evaluate, prepare and submit a response to a U.S. federal government solicitation, possibly as prime contractor, subcontractor or teaming partner (the "Purpose"). To do so they will exchange information through this workspace: documents, tasks, messages, requirement analyses, pricing and technical approaches.

## 2. Confidential Information

"Confidential Information" means all non-public information disclosed by a Party (the "Discloser") to another Party (the "Recipient") through this workspace or in connection with the Purpose, in any form, including without limitation:

- proposal drafts, volumes, outlines, win themes, discriminators and graphics;
- pricing, rates, labor categories, cost build-ups, margins and basis-of-estimate data;
- technical and management approaches, staffing plans, resumes and key personnel information;
- past performance narratives, customer contacts and contract data not otherwise public;
- teaming arrangements, workshare and the identity of other teaming partners;
- trade secrets, know-how, processes and business plans.

Information is Confidential Information whether or not it is marked as such, if a reasonable person would understand it to be confidential given its nature and the circumstances of disclosure.

## 3. Exclusions

Confidential Information does not include information that the Recipient can show:

1. is or becomes publicly available through no breach of this Agreement by the Recipient, including the solicitation itself and anything the Government publishes;
2. was lawfully known to the Recipient before disclosure, without a duty of confidentiality;
3. is lawfully received from a third party without restriction and without breach of any obligation; or
4. is independently developed by the Recipient without use of or reference to the Discloser's Confidential Information.

## 4. Obligations of the Recipient

The Recipient shall:

- use Confidential Information only for the Purpose;
- not disclose Confidential Information to anyone other than its employees, consultants and advisers who need to know it for the Purpose and who are bound by confidentiality obligations at least as protective as these;
- protect Confidential Information with at least the care it uses for its own information of like importance, and no less than reasonable care;
- not download, copy or export Confidential Information from the workspace except as needed for the Purpose;
- promptly notify the Discloser of any unauthorised use or disclosure it becomes aware of.

## 5. Procurement Integrity and Competition

Nothing in this Agreement obliges any Party to enter into a teaming agreement or subcontract, or restricts a Party from competing for the same or any other procurement, provided it does not use another Party's Confidential Information to do so. The Parties shall comply with the Procurement Integrity Act (41 U.S.C. §§ 2101–2107) and shall not exchange contractor bid or proposal information or source selection information in violation of law. Where a Party competes separately for the same solicitation, it shall not view or use another Party's pricing or technical volumes.

## 6. Disclosure Required by Law

If the Recipient is required by law, regulation, subpoena or court order to disclose Confidential Information, it may do so only to the extent required, and shall, where legally permitted, give the Discloser prompt written notice so that the Discloser may seek a protective order.

## 7. Controlled Information

Some information may be Controlled Unclassified Information or subject to export controls (ITAR or EAR). Such information must not be uploaded to this workspace unless the workspace owner's environment has been approved for it. Each Party remains responsible for its own compliance with the marking and handling rules that apply.

## 8. Return and Deletion

When the Purpose ends, when a Member leaves or is removed from the workspace, or on the Discloser's written request, the Recipient shall stop using the Discloser's Confidential Information and delete or return it, except for copies retained under a routine backup system or required to be kept by law, which remain subject to this Agreement.

## 9. No Licence; No Warranty

All Confidential Information remains the property of the Discloser. No licence under any patent, copyright, trade secret or other right is granted by this Agreement. Confidential Information is provided "as is", without warranty of any kind.

## 10. Term

This Agreement applies to Confidential Information disclosed while the Member has access to the workspace. The obligations in Sections 4 to 8 continue for three (3) years after the last disclosure, and for trade secrets for as long as they remain trade secrets under applicable law.

## 11. Remedies

Unauthorised use or disclosure may cause irreparable harm for which money damages are an inadequate remedy. The Discloser may seek injunctive relief in addition to any other remedy available at law or in equity.

## 12. General

This Agreement is the entire agreement of the Parties on its subject and supersedes prior understandings on it; a signed teaming agreement or separate non-disclosure agreement between the same companies prevails where it conflicts with this one. It may be amended only by a new version accepted by the Parties. If any provision is held unenforceable, the rest remains in effect. No failure to enforce a right waives it. This Agreement is governed by the laws of the State of Delaware, without regard to its conflict-of-laws rules.

## 13. Electronic Acceptance

The Parties agree that selecting **Accept and Continue** is an electronic signature with the same effect as a handwritten one. BidDesk records the version accepted, a fingerprint of its exact text, the time, and the network address and browser of the person accepting, and keeps that record after the Member leaves the workspace.
$nda$ AS body) t;
