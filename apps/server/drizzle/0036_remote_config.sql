CREATE TABLE "remote_config_drafts" (
	"app_id" uuid PRIMARY KEY NOT NULL,
	"template" jsonb NOT NULL,
	"revision" integer NOT NULL,
	"based_on" integer NOT NULL,
	"last_version" integer NOT NULL,
	"minimum_fetch_interval_seconds" integer NOT NULL,
	"require_review" boolean DEFAULT false NOT NULL,
	"review_revision" integer,
	"review_requested_by" uuid,
	"review_requested_at" timestamp with time zone,
	"review_description" text,
	"updated_at" timestamp with time zone,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "remote_config_versions" (
	"app_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"template" jsonb NOT NULL,
	"origin" text NOT NULL,
	"rollback_of" integer,
	"description" text,
	"published_at" timestamp with time zone NOT NULL,
	"published_by" uuid,
	"requested_by" uuid,
	CONSTRAINT "remote_config_versions_app_id_number_pk" PRIMARY KEY("app_id","number")
);
--> statement-breakpoint
ALTER TABLE "remote_config_drafts" ADD CONSTRAINT "remote_config_drafts_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_config_drafts" ADD CONSTRAINT "remote_config_drafts_review_requested_by_users_id_fk" FOREIGN KEY ("review_requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_config_drafts" ADD CONSTRAINT "remote_config_drafts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_config_versions" ADD CONSTRAINT "remote_config_versions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_config_versions" ADD CONSTRAINT "remote_config_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_config_versions" ADD CONSTRAINT "remote_config_versions_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;