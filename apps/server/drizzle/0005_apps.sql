CREATE TABLE "apps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"name" text NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"package_name" text NOT NULL,
	"category" text NOT NULL,
	"kind_id" text,
	"default_language" text NOT NULL,
	"develop_status" text DEFAULT 'developing' NOT NULL,
	"package_name_locked" boolean DEFAULT false NOT NULL,
	"ever_on_shelf" boolean DEFAULT false NOT NULL,
	"listed" boolean DEFAULT false NOT NULL,
	"developer_website" text,
	"support_email" text,
	"support_phone" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "apps_platform_package" ON "apps" USING btree ("platform","package_name");--> statement-breakpoint
CREATE INDEX "apps_team_created" ON "apps" USING btree ("team_id","created_at","id");--> statement-breakpoint
CREATE INDEX "apps_project" ON "apps" USING btree ("project_id");