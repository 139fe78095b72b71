-- Table C's seconds per knock-down, per competition (FEI Jumping Rules Art. 239: 4 s in most
-- competitions, 3 s where the schedule says so).
ALTER TABLE "competitions" ADD COLUMN "knock_down_seconds" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "competitions" ADD CONSTRAINT "competitions_knock_down_seconds_check" CHECK ("competitions"."knock_down_seconds" IN (3, 4));--> statement-breakpoint
-- A ranked starter eliminated or retired in the jump-off (FEI Jumping Rules Art. 245).
ALTER TABLE "competition_entries" ADD COLUMN "jump_off_status" text;--> statement-breakpoint
ALTER TABLE "competition_entries" ADD CONSTRAINT "competition_entries_jump_off_status_check" CHECK ("competition_entries"."jump_off_status" IS NULL OR ("competition_entries"."jump_off_status" IN ('EL', 'RT') AND "competition_entries"."result_status" = 'R'));--> statement-breakpoint
-- Dressage percentages to three decimals (FEI Dressage Rules): thousandths of a percent, not hundredths.
ALTER TABLE "competition_entries" DROP CONSTRAINT "competition_entries_score_check";--> statement-breakpoint
ALTER TABLE "competition_entries" RENAME COLUMN "score_bp" TO "score_thousandths";--> statement-breakpoint
UPDATE "competition_entries" SET "score_thousandths" = "score_thousandths" * 10 WHERE "score_thousandths" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "competition_entries" ADD CONSTRAINT "competition_entries_score_check" CHECK ("competition_entries"."score_thousandths" IS NULL OR "competition_entries"."score_thousandths" BETWEEN 0 AND 100000);
