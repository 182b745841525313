ALTER TABLE "multidocs_chunks" ADD COLUMN "embedding" "bytea";--> statement-breakpoint
ALTER TABLE "multidocs_files" ADD COLUMN "status" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "multidocs_files" ADD COLUMN "progress" real;--> statement-breakpoint
ALTER TABLE "multidocs_files" ADD COLUMN "stage" text;--> statement-breakpoint
ALTER TABLE "multidocs_files" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "multidocs_files" ADD COLUMN "error_code" text;