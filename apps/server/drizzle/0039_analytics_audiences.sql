CREATE TABLE "analytics_audience_members" (
	"audience_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"instance_id" text NOT NULL,
	CONSTRAINT "analytics_audience_members_audience_id_instance_id_pk" PRIMARY KEY("audience_id","instance_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_audiences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"conditions" jsonb NOT NULL,
	"size" integer NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_audience_members" ADD CONSTRAINT "analytics_audience_members_audience_id_analytics_audiences_id_fk" FOREIGN KEY ("audience_id") REFERENCES "public"."analytics_audiences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_audiences" ADD CONSTRAINT "analytics_audiences_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_audience_members_instance" ON "analytics_audience_members" USING btree ("app_id","instance_id");--> statement-breakpoint
CREATE INDEX "analytics_audiences_app" ON "analytics_audiences" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "analytics_audiences_computed" ON "analytics_audiences" USING btree ("computed_at");