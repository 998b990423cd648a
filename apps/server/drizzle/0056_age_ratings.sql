CREATE TABLE "app_age_ratings" (
	"app_id" uuid PRIMARY KEY NOT NULL,
	"team_id" uuid NOT NULL,
	"current" jsonb,
	"pending" jsonb,
	"pending_task_id" uuid,
	"pending_at" timestamp with time zone,
	"rejection" jsonb,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "app_age_ratings" ADD CONSTRAINT "app_age_ratings_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;