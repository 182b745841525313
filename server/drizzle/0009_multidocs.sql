CREATE TABLE "multidocs_chunks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_id" uuid NOT NULL,
	"ordinal" integer NOT NULL,
	"page" integer,
	"heading" text,
	"text" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce(heading, '') || ' ' || text)) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "multidocs_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uri" text NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" text NOT NULL,
	"document_id" uuid,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"url" text,
	"pages" integer NOT NULL,
	"additional_time" real NOT NULL,
	"method" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "multidocs_files_uri_unique" UNIQUE("uri")
);
--> statement-breakpoint
ALTER TABLE "multidocs_chunks" ADD CONSTRAINT "multidocs_chunks_file_id_multidocs_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."multidocs_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "multidocs_files" ADD CONSTRAINT "multidocs_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "multidocs_files" ADD CONSTRAINT "multidocs_files_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "multidocs_chunks_file_idx" ON "multidocs_chunks" USING btree ("file_id","ordinal");--> statement-breakpoint
CREATE INDEX "multidocs_chunks_search_idx" ON "multidocs_chunks" USING gin ("search");--> statement-breakpoint
CREATE INDEX "multidocs_files_user_idx" ON "multidocs_files" USING btree ("user_id","session_id");