CREATE TABLE "app_series_members" (
	"app_id" uuid PRIMARY KEY NOT NULL,
	"series_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"package_name" text NOT NULL,
	"file_id" uuid NOT NULL,
	"holder_team_id" uuid NOT NULL,
	"holder_app_id" uuid NOT NULL,
	"state" text NOT NULL,
	"certificates" text[] DEFAULT '{}'::text[] NOT NULL,
	"certificate_matched" boolean,
	"reason" jsonb,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid
);
--> statement-breakpoint
CREATE INDEX "app_series_members_series" ON "app_series_members" USING btree ("series_id");--> statement-breakpoint
CREATE UNIQUE INDEX "package_claims_open" ON "package_claims" USING btree ("platform","package_name") WHERE state in ('verifying', 'pending');--> statement-breakpoint
CREATE INDEX "package_claims_team" ON "package_claims" USING btree ("team_id","created_at");