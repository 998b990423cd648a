CREATE TABLE "app_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"text" text NOT NULL,
	"category" text NOT NULL,
	"state" text DEFAULT 'new' NOT NULL,
	"assignee_id" uuid,
	"app_version" text,
	"device_model" text,
	"os" text,
	"contact" text,
	"language" text,
	"country" text,
	"device_id" text,
	"app_user_id" uuid,
	"screenshot_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "feedback_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"feedback_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"author_id" uuid,
	"mailed_to" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_uploads" (
	"token" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"feedback_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_feedback" ADD CONSTRAINT "app_feedback_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_notes" ADD CONSTRAINT "feedback_notes_feedback_id_app_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."app_feedback"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_uploads" ADD CONSTRAINT "feedback_uploads_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_feedback_app_created" ON "app_feedback" USING btree ("app_id","created_at","id");--> statement-breakpoint
CREATE INDEX "feedback_notes_feedback" ON "feedback_notes" USING btree ("feedback_id","created_at");