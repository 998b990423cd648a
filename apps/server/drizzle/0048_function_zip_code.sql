ALTER TABLE "cloud_function_code" ADD COLUMN "entry" text DEFAULT 'index.js' NOT NULL;--> statement-breakpoint
ALTER TABLE "cloud_function_code" ADD COLUMN "archive_key" text;--> statement-breakpoint
ALTER TABLE "cloud_function_code" ADD COLUMN "manifest" jsonb;