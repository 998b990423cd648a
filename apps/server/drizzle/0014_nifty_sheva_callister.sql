CREATE TABLE "phased_releases" (
	"version_id" uuid PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"percent_bp" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
