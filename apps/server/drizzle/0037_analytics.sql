CREATE TABLE "analytics_daily" (
	"app_id" uuid NOT NULL,
	"day" date NOT NULL,
	"name" text NOT NULL,
	"app_version" text NOT NULL,
	"country" text NOT NULL,
	"os" text NOT NULL,
	"count" bigint NOT NULL,
	"value_sum" double precision NOT NULL,
	CONSTRAINT "analytics_daily_app_id_day_name_app_version_country_os_pk" PRIMARY KEY("app_id","day","name","app_version","country","os")
);
--> statement-breakpoint
CREATE TABLE "analytics_device_days" (
	"app_id" uuid NOT NULL,
	"day" date NOT NULL,
	"instance_id" text NOT NULL,
	CONSTRAINT "analytics_device_days_app_id_day_instance_id_pk" PRIMARY KEY("app_id","day","instance_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_devices" (
	"app_id" uuid NOT NULL,
	"instance_id" text NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"user_id" text,
	"app_version" text NOT NULL,
	"os" text NOT NULL,
	"country" text NOT NULL,
	"language" text NOT NULL,
	"device_model" text NOT NULL,
	CONSTRAINT "analytics_devices_app_id_instance_id_pk" PRIMARY KEY("app_id","instance_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"app_id" uuid NOT NULL,
	"day" date NOT NULL,
	"event_id" text NOT NULL,
	"name" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"instance_id" text NOT NULL,
	"user_id" text,
	"app_version" text NOT NULL,
	"os" text NOT NULL,
	"country" text NOT NULL,
	"value" double precision,
	"properties" jsonb,
	CONSTRAINT "analytics_events_app_id_day_event_id_pk" PRIMARY KEY("app_id","day","event_id")
) PARTITION BY RANGE ("day");
--> statement-breakpoint
CREATE TABLE "analytics_opt_outs" (
	"app_id" uuid NOT NULL,
	"instance_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_opt_outs_app_id_instance_id_pk" PRIMARY KEY("app_id","instance_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_pending" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"summary" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_settings" (
	"app_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"retention_days" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD CONSTRAINT "analytics_daily_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_device_days" ADD CONSTRAINT "analytics_device_days_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_devices" ADD CONSTRAINT "analytics_devices_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_opt_outs" ADD CONSTRAINT "analytics_opt_outs_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_pending" ADD CONSTRAINT "analytics_pending_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_settings" ADD CONSTRAINT "analytics_settings_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_settings" ADD CONSTRAINT "analytics_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_devices_first_day" ON "analytics_devices" USING btree ("app_id","first_day");