CREATE TABLE "sentiment_analyses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"sheet_key" text NOT NULL,
	"delimiter" text DEFAULT ',' NOT NULL,
	"rows" integer NOT NULL,
	"columns" jsonb NOT NULL,
	"proposed" jsonb NOT NULL,
	"text_column" text,
	"date_column" text,
	"category_column" text,
	"engine" text,
	"credits" real DEFAULT 0 NOT NULL,
	"reservation_id" text,
	"state" text DEFAULT 'uploaded' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"step" text DEFAULT 'Choose the columns, then run' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sentiment_analyses" ADD CONSTRAINT "sentiment_analyses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sentiment_analyses_user_idx" ON "sentiment_analyses" USING btree ("user_id");