ALTER TABLE "files" ADD COLUMN "failure_reason" jsonb;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "source_url" text;