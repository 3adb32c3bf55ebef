DROP INDEX "opportunities_posted_idx";--> statement-breakpoint
CREATE INDEX "opportunities_posted_idx" ON "opportunities" USING btree ("posted_date" DESC NULLS LAST,"id" DESC NULLS LAST);