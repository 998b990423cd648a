CREATE TABLE "immersive_infos" (
	"app_id" uuid PRIMARY KEY NOT NULL,
	"team_id" uuid NOT NULL,
	"image_object_id" uuid NOT NULL,
	"color" text NOT NULL,
	"color_source" text NOT NULL,
	"texts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"rejection" jsonb,
	"published" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "immersive_review_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"snapshot" jsonb NOT NULL,
	"submitted_by" uuid,
	"submitted_at" timestamp with time zone NOT NULL,
	"reviewer_id" uuid,
	"decided_at" timestamp with time zone,
	"comment" text
);
--> statement-breakpoint
CREATE TABLE "qualification_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"object_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"submitted_by" uuid,
	"submitted_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"reviewer_id" uuid,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "immersive_review_tasks_queue" ON "immersive_review_tasks" USING btree ("state","submitted_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "immersive_review_tasks_one_open" ON "immersive_review_tasks" USING btree ("app_id") WHERE state = 'open';--> statement-breakpoint
CREATE INDEX "qualification_tasks_app" ON "qualification_tasks" USING btree ("app_id","submitted_at","id");--> statement-breakpoint
CREATE INDEX "qualification_tasks_queue" ON "qualification_tasks" USING btree ("state","submitted_at","id");