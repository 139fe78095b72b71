ALTER TABLE "accounts" ADD COLUMN "volume_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The turnover of existing accounts, from their postings (at most the bound: such an account refuses further entries).
UPDATE "accounts" AS a SET "volume_minor" = LEAST(s.v, 10000000000000) FROM (SELECT "account_id", sum(abs("amount_minor")) AS v FROM "postings" GROUP BY 1) AS s WHERE a."id" = s."account_id";--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_volume_check" CHECK ("accounts"."volume_minor" BETWEEN 0 AND 10000000000000);