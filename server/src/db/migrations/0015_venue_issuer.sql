ALTER TABLE "venues" ADD COLUMN "tax_number" text;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "contact_email" text;