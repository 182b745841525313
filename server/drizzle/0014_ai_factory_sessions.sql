CREATE TABLE "ai_factory_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"app_id" integer NOT NULL,
	"family_id" text,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_factory_sessions" ADD CONSTRAINT "ai_factory_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_factory_sessions_user_idx" ON "ai_factory_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ai_factory_sessions_family_idx" ON "ai_factory_sessions" USING btree ("family_id");