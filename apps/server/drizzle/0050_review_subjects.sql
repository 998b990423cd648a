-- One reviewers' queue for every subject: immersive banners' and qualifications' review
-- tasks join review_tasks (kinds 'immersive' and 'qualification'), their rows kept.
ALTER TABLE "review_tasks" RENAME COLUMN "version_id" TO "subject_id";--> statement-breakpoint
ALTER TABLE "review_tasks" ADD COLUMN "snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "review_tasks" ADD COLUMN "submitted_by" uuid;--> statement-breakpoint
DROP INDEX "review_tasks_one_open";--> statement-breakpoint
CREATE UNIQUE INDEX "review_tasks_one_open" ON "review_tasks" USING btree ("subject_id") WHERE state = 'open';--> statement-breakpoint
CREATE INDEX "review_tasks_kind_queue" ON "review_tasks" USING btree ("kind","state","submitted_at","id");--> statement-breakpoint
CREATE INDEX "review_tasks_app" ON "review_tasks" USING btree ("app_id","kind","submitted_at","id");--> statement-breakpoint
-- An immersive info's task: its subject is the app's info (one per app), the snapshot what was submitted.
INSERT INTO "review_tasks" ("id", "subject_id", "app_id", "team_id", "kind", "state", "snapshot", "submitted_by", "submitted_at", "reviewer_id", "decided_at", "comment")
  SELECT "id", "app_id", "app_id", "team_id", 'immersive', "state", "snapshot", "submitted_by", "submitted_at", "reviewer_id", "decided_at", "comment" FROM "immersive_review_tasks";--> statement-breakpoint
DROP TABLE "immersive_review_tasks" CASCADE;--> statement-breakpoint
CREATE TABLE "qualifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"team_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"object_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"submitted_by" uuid,
	"submitted_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
INSERT INTO "qualifications" ("id", "team_id", "app_id", "kind", "object_ids", "remarks", "submitted_by", "submitted_at", "updated_at")
  SELECT "id", "team_id", "app_id", "kind", "object_ids", "remarks", "submitted_by", "submitted_at", "updated_at" FROM "qualification_tasks";--> statement-breakpoint
-- A qualification's task has the qualification's id; pending is open, cancelled is withdrawn, the reason the comment.
INSERT INTO "review_tasks" ("id", "subject_id", "app_id", "team_id", "kind", "state", "submitted_by", "submitted_at", "reviewer_id", "decided_at", "comment")
  SELECT "id", "id", "app_id", "team_id", 'qualification',
    CASE "state" WHEN 'pending' THEN 'open' WHEN 'cancelled' THEN 'withdrawn' ELSE "state" END,
    "submitted_by", "submitted_at", "reviewer_id",
    CASE WHEN "state" = 'pending' THEN NULL ELSE COALESCE("decided_at", "updated_at") END, "reason"
  FROM "qualification_tasks";--> statement-breakpoint
DROP TABLE "qualification_tasks" CASCADE;
