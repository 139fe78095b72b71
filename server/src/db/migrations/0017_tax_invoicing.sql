ALTER TABLE "invoices" ADD COLUMN "render_error" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "render_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "mail_delivery" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_mail_delivery_check" CHECK ("mail_delivery" IS NULL OR "mail_delivery" IN ('sent', 'mail_folder'));--> statement-breakpoint
ALTER TABLE "tax_types" ADD COLUMN "category" text DEFAULT 'S' NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_types" ADD COLUMN "exemption_code" text;--> statement-breakpoint
ALTER TABLE "tax_types" ADD COLUMN "exemption_reason" text;--> statement-breakpoint
ALTER TABLE "tax_types" ADD CONSTRAINT "tax_types_category_check" CHECK ("category" IN ('S', 'Z', 'E', 'AE', 'K', 'G'));--> statement-breakpoint
-- Tax types made before categories were explicit: one whose every rate is 0 was billed as exempt;
-- it stays exempt, now stated, with the legal text the invoices printed so far.
UPDATE "tax_types" SET "category" = 'E', "exemption_reason" = 'VAT exempt supply.'
  WHERE NOT EXISTS (SELECT 1 FROM "tax_rates" r WHERE r."tax_type_id" = "tax_types"."id" AND r."rate_bp" > 0)
    AND EXISTS (SELECT 1 FROM "tax_rates" r WHERE r."tax_type_id" = "tax_types"."id");
