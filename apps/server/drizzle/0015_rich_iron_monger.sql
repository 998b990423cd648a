ALTER TABLE "version_listings" ADD COLUMN "icon_object_id" uuid;--> statement-breakpoint
ALTER TABLE "version_listings" ADD COLUMN "screenshot_object_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "version_listings" ADD COLUMN "video_object_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;