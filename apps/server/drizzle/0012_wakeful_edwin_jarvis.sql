CREATE TABLE "app_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"release_state" integer DEFAULT 7 NOT NULL,
	"release_type" text DEFAULT 'full' NOT NULL,
	"package_id" uuid,
	"version_code" bigint,
	"version_name" text,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"release_at" timestamp with time zone,
	"review_notes" text,
	"test_account" jsonb,
	"rollback_pending" boolean DEFAULT false NOT NULL,
	"rejection" jsonb,
	"submitted_at" timestamp with time zone,
	"on_shelf_at" timestamp with time zone,
	"superseded_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "download_counts" (
	"day" date NOT NULL,
	"version_id" uuid NOT NULL,
	"country" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "download_counts_day_version_id_country_pk" PRIMARY KEY("day","version_id","country")
);
--> statement-breakpoint
CREATE TABLE "review_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"reason" text,
	"submitted_at" timestamp with time zone NOT NULL,
	"urged_at" timestamp with time zone,
	"reviewer_id" uuid,
	"decided_at" timestamp with time zone,
	"reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"comment" text
);
--> statement-breakpoint
CREATE TABLE "version_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"action" text NOT NULL,
	"from_state" integer,
	"to_state" integer,
	"actor_kind" text NOT NULL,
	"actor_id" uuid,
	"at" timestamp with time zone NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "version_listings" (
	"version_id" uuid NOT NULL,
	"language" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"brief" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"new_features" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "version_listings_version_id_language_pk" PRIMARY KEY("version_id","language")
);
--> statement-breakpoint
CREATE INDEX "app_versions_app_created" ON "app_versions" USING btree ("app_id","created_at","id");--> statement-breakpoint
CREATE INDEX "app_versions_app_on_shelf" ON "app_versions" USING btree ("app_id","on_shelf_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "app_versions_one_unreleased" ON "app_versions" USING btree ("app_id") WHERE release_state in (7, 4, 5, 1, 8, 3, 11, 10, 2) and superseded_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "app_versions_one_current" ON "app_versions" USING btree ("app_id") WHERE release_state in (0, 6) and superseded_at is null;--> statement-breakpoint
CREATE INDEX "review_tasks_queue" ON "review_tasks" USING btree ("state","submitted_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_tasks_one_open" ON "review_tasks" USING btree ("version_id") WHERE state = 'open';--> statement-breakpoint
CREATE INDEX "version_events_version_at" ON "version_events" USING btree ("version_id","at");