-- The stable's undo names its charge by the Idempotency-Key it was posted with (undo.ts
-- entryOfKey): without this index each undo read every entry of the venue.
CREATE INDEX "transactions_venue_key_idx" ON "transactions" USING btree ("venue_id","idempotency_key") WHERE "transactions"."idempotency_key" IS NOT NULL;
