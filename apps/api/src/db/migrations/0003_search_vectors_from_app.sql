-- Lexemes are now built by the application (search-text.ts). Dropping and re-adding the column
-- is instant (no table rewrite) and leaves every row NULL, which the start-up indexer fills in.
ALTER TABLE "opportunities" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "title_vector" "tsvector";--> statement-breakpoint
CREATE INDEX "opportunities_search_idx" ON "opportunities" USING gin ("search_vector");
