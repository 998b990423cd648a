CREATE TABLE "analytics_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"template_id" uuid,
	"name" text NOT NULL,
	"definition" jsonb NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"format" text NOT NULL,
	"language" text NOT NULL,
	"scheduled" boolean NOT NULL,
	"state" text NOT NULL,
	"progress" integer NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"attempts" integer NOT NULL,
	"rows" integer,
	"size" bigint,
	"storage_key" text,
	"error" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_report_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"definition" jsonb NOT NULL,
	"range_days" integer NOT NULL,
	"format" text NOT NULL,
	"schedule" text NOT NULL,
	"shared" boolean NOT NULL,
	"next_run_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_exports" ADD CONSTRAINT "analytics_exports_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_exports" ADD CONSTRAINT "analytics_exports_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_exports" ADD CONSTRAINT "analytics_exports_template_id_analytics_report_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."analytics_report_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_report_templates" ADD CONSTRAINT "analytics_report_templates_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_report_templates" ADD CONSTRAINT "analytics_report_templates_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_exports_owner" ON "analytics_exports" USING btree ("app_id","owner_id","created_at");--> statement-breakpoint
CREATE INDEX "analytics_exports_state" ON "analytics_exports" USING btree ("state");--> statement-breakpoint
CREATE INDEX "analytics_report_templates_app" ON "analytics_report_templates" USING btree ("app_id");