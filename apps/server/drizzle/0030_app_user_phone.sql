CREATE TABLE "phone_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"code_digest" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "app_users" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "auth_settings" ADD COLUMN "phone" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_settings" ADD COLUMN "phone_countries" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_codes_number" ON "phone_codes" USING btree ("project_id","phone","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "app_users_project_phone" ON "app_users" USING btree ("project_id","phone") WHERE "app_users"."phone" is not null;