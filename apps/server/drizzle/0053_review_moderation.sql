CREATE TABLE "app_review_reports" (
	"review_id" uuid NOT NULL,
	"reporter" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "app_review_reports_review_id_reporter_pk" PRIMARY KEY("review_id","reporter")
);
--> statement-breakpoint
ALTER TABLE "app_reviews" ADD COLUMN "state" text DEFAULT 'visible' NOT NULL;--> statement-breakpoint
ALTER TABLE "app_reviews" ADD COLUMN "flags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "app_reviews" ADD COLUMN "reports" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_reviews" ADD COLUMN "queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app_reviews" ADD COLUMN "moderated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app_reviews" ADD COLUMN "moderated_by" uuid;--> statement-breakpoint
ALTER TABLE "app_reviews" ADD COLUMN "moderation_reason" text;--> statement-breakpoint
ALTER TABLE "app_review_reports" ADD CONSTRAINT "app_review_reports_review_id_app_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."app_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_reviews" ADD CONSTRAINT "app_reviews_moderated_by_users_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_reviews_queue" ON "app_reviews" USING btree ("queued_at","id") WHERE queued_at is not null;