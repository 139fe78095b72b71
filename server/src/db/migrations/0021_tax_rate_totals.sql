-- Category O (outside the scope of VAT, EN 16931 / UNTDID 5305), stated on the tax type with its legal text like the others.
ALTER TABLE "tax_types" DROP CONSTRAINT "tax_types_category_check";--> statement-breakpoint
ALTER TABLE "tax_types" ADD CONSTRAINT "tax_types_category_check" CHECK ("category" IN ('S', 'Z', 'E', 'AE', 'K', 'G', 'O'));--> statement-breakpoint
-- A tax type of only 0 % rates still "standard rated" (written by a seed after categories became explicit) states what
-- its invoices printed for it: exempt, with that legal text. A 0 % is never read as a category.
UPDATE "tax_types" SET "category" = 'E', "exemption_reason" = COALESCE("exemption_reason", 'VAT exempt supply.')
  WHERE "category" = 'S'
    AND NOT EXISTS (SELECT 1 FROM "tax_rates" r WHERE r."tax_type_id" = "tax_types"."id" AND r."rate_bp" > 0)
    AND EXISTS (SELECT 1 FROM "tax_rates" r WHERE r."tax_type_id" = "tax_types"."id");
--> statement-breakpoint
-- A German public buyer's routing id (Leitweg-ID), its invoices' buyer reference (XRechnung BT-10, BR-DE-15).
ALTER TABLE "employers" ADD COLUMN "leitweg_id" text;
