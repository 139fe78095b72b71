-- The stored documents are compressed already (PDF streams, and base64 of them): PostgreSQL's own
-- compression of them only costs time on every invoice a run writes (issue 12).
ALTER TABLE "invoices" ALTER COLUMN "pdf" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "xrechnung" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "compensation_bills" ALTER COLUMN "pdf" SET STORAGE EXTERNAL;
