CREATE TABLE "dg_permissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bu" text NOT NULL,
	"group_id" uuid NOT NULL,
	"app_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dg_permissions" ADD CONSTRAINT "dg_permissions_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dg_permissions_unique" ON "dg_permissions" USING btree ("bu","group_id","app_name");