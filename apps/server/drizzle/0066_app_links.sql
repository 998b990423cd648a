CREATE TABLE "app_link_claims" (
	"token" text PRIMARY KEY NOT NULL,
	"link_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"fingerprint" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "app_link_prefixes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"token" text,
	"state" text NOT NULL,
	"checked_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "app_link_prefixes_name" UNIQUE("kind","name")
);
--> statement-breakpoint
CREATE TABLE "app_link_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"reports" integer DEFAULT 1 NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text
);
--> statement-breakpoint
CREATE TABLE "app_link_settings" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"allowed_hosts" jsonb NOT NULL,
	"per_day_limit" integer NOT NULL,
	"fingerprint_matching" boolean NOT NULL,
	"apple_team_id" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_link_stats" (
	"link_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"platform" text NOT NULL,
	"country" text NOT NULL,
	"referrer" text NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "app_link_stats_pk" PRIMARY KEY("link_id","day","kind","platform","country","referrer")
);
--> statement-breakpoint
CREATE TABLE "app_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"prefix_id" uuid NOT NULL,
	"suffix" text NOT NULL,
	"suffix_key" text NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"targets" jsonb NOT NULL,
	"expires_at" timestamp with time zone,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "app_links_suffix" UNIQUE("prefix_id","suffix_key")
);
--> statement-breakpoint
ALTER TABLE "app_link_claims" ADD CONSTRAINT "app_link_claims_link_id_app_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."app_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_link_claims" ADD CONSTRAINT "app_link_claims_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_link_claims" ADD CONSTRAINT "app_link_claims_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_link_prefixes" ADD CONSTRAINT "app_link_prefixes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_link_reports" ADD CONSTRAINT "app_link_reports_link_id_app_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."app_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_link_settings" ADD CONSTRAINT "app_link_settings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_link_stats" ADD CONSTRAINT "app_link_stats_link_id_app_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."app_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_links" ADD CONSTRAINT "app_links_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_links" ADD CONSTRAINT "app_links_prefix_id_app_link_prefixes_id_fk" FOREIGN KEY ("prefix_id") REFERENCES "public"."app_link_prefixes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_link_claims_fingerprint" ON "app_link_claims" USING btree ("app_id","fingerprint","created_at");--> statement-breakpoint
CREATE INDEX "app_link_claims_expiry" ON "app_link_claims" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "app_link_prefixes_project" ON "app_link_prefixes" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "app_link_reports_open" ON "app_link_reports" USING btree ("link_id") WHERE state = 'open';--> statement-breakpoint
CREATE INDEX "app_link_reports_state" ON "app_link_reports" USING btree ("state","reports");--> statement-breakpoint
CREATE INDEX "app_links_project_created" ON "app_links" USING btree ("project_id","created_at","id");