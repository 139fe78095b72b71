CREATE TABLE "media_file_chunks" (
	"file_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" text NOT NULL,
	CONSTRAINT "media_file_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);
--> statement-breakpoint
ALTER TABLE "media_files" ALTER COLUMN "data_base64" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "media_file_chunks" ADD CONSTRAINT "media_file_chunks_file_id_media_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."media_files"("id") ON DELETE cascade ON UPDATE no action;