CREATE TABLE "app_review_votes" (
	"review_id" uuid NOT NULL,
	"voter" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "app_review_votes_review_id_voter_pk" PRIMARY KEY("review_id","voter")
);
--> statement-breakpoint
CREATE TABLE "app_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"device_id" text,
	"app_user_id" uuid,
	"rating" smallint NOT NULL,
	"text" text NOT NULL,
	"language" text NOT NULL,
	"country" text,
	"version_id" uuid,
	"version_name" text,
	"version_code" integer,
	"helpful" integer DEFAULT 0 NOT NULL,
	"reply_text" text,
	"reply_by" uuid,
	"reply_created_at" timestamp with time zone,
	"reply_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_review_votes" ADD CONSTRAINT "app_review_votes_review_id_app_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."app_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_reviews" ADD CONSTRAINT "app_reviews_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_reviews" ADD CONSTRAINT "app_reviews_reply_by_users_id_fk" FOREIGN KEY ("reply_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_reviews_install" ON "app_reviews" USING btree ("app_id","device_id") WHERE device_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "app_reviews_app_user" ON "app_reviews" USING btree ("app_id","app_user_id") WHERE app_user_id is not null;--> statement-breakpoint
CREATE INDEX "app_reviews_newest" ON "app_reviews" USING btree ("app_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "app_reviews_language" ON "app_reviews" USING btree ("app_id","language","updated_at","id");--> statement-breakpoint
CREATE INDEX "app_reviews_helpful" ON "app_reviews" USING btree ("app_id","language","helpful","updated_at","id");