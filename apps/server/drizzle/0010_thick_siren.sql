CREATE TABLE "upload_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"biz_tag" text NOT NULL,
	"site_id" integer NOT NULL,
	"max_bytes" bigint NOT NULL,
	"exact_size" bigint,
	"sha256" text,
	"file_id" uuid,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_parses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"state" text NOT NULL,
	"facts" jsonb,
	"failure_reason" jsonb,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "site_id" integer;--> statement-breakpoint
CREATE INDEX "upload_tickets_expires" ON "upload_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "video_parses_team" ON "video_parses" USING btree ("team_id","created_at");