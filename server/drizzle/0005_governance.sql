CREATE TABLE "gov_check_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"upload_id" uuid,
	"bu" text NOT NULL,
	"use_case" text NOT NULL,
	"file_type" text NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"check" text NOT NULL,
	"status" text NOT NULL,
	"value" double precision NOT NULL,
	"message" text NOT NULL,
	"cause" text,
	"detailed_cause" text,
	"fix" text,
	"failing_count" integer DEFAULT 0 NOT NULL,
	"sample" jsonb,
	"file_name" text,
	"object_key" text,
	"current" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gov_referentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bu" text NOT NULL,
	"use_case" text NOT NULL,
	"file_type" text NOT NULL,
	"version" text,
	"file_name" text NOT NULL,
	"object_key" text NOT NULL,
	"table_key" text,
	"status" text NOT NULL,
	"error" jsonb,
	"uploaded_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gov_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bu" text NOT NULL,
	"use_case" text NOT NULL,
	"file_type" text NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"file_name" text NOT NULL,
	"object_key" text NOT NULL,
	"size" bigint NOT NULL,
	"staged_key" text,
	"rows" integer,
	"status" jsonb NOT NULL,
	"error" jsonb,
	"kpis" jsonb,
	"check_ref_messages" text,
	"uploaded_by" uuid,
	"uploaded_by_email" text NOT NULL,
	"superseded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gov_warehouse" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bu" text NOT NULL,
	"use_case" text NOT NULL,
	"file_type" text NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"object_key" text NOT NULL,
	"rows" integer NOT NULL,
	"upload_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "gov_checks_lookup_idx" ON "gov_check_results" USING btree ("bu","use_case","year","check");--> statement-breakpoint
CREATE INDEX "gov_checks_upload_idx" ON "gov_check_results" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "gov_referentials_lookup_idx" ON "gov_referentials" USING btree ("bu","use_case","file_type","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gov_ref_object_key" ON "gov_referentials" USING btree ("object_key");--> statement-breakpoint
CREATE INDEX "gov_uploads_period_idx" ON "gov_uploads" USING btree ("bu","use_case","year","month");--> statement-breakpoint
CREATE UNIQUE INDEX "gov_uploads_staged_key" ON "gov_uploads" USING btree ("staged_key");--> statement-breakpoint
CREATE UNIQUE INDEX "gov_uploads_object_key" ON "gov_uploads" USING btree ("object_key");--> statement-breakpoint
CREATE UNIQUE INDEX "gov_warehouse_period" ON "gov_warehouse" USING btree ("bu","use_case","file_type","version","year","month");