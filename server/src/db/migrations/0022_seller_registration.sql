-- The seller's register entry (EN 16931 BT-30): it identifies the seller on an invoice outside the scope of VAT, which may name no VAT id.
ALTER TABLE "venues" ADD COLUMN "legal_registration_id" text;
