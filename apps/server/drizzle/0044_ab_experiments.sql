CREATE TABLE "ab_experiments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"parameters" jsonb NOT NULL,
	"targeting" jsonb NOT NULL,
	"variants" jsonb NOT NULL,
	"primary_metric" jsonb NOT NULL,
	"secondary_metrics" jsonb NOT NULL,
	"seed" text NOT NULL,
	"state" text NOT NULL,
	"revision" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"rolled_out_variant" integer,
	"rolled_out_version" integer,
	"final_results" jsonb
);
--> statement-breakpoint
ALTER TABLE "ab_experiments" ADD CONSTRAINT "ab_experiments_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ab_experiments" ADD CONSTRAINT "ab_experiments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ab_experiments_app" ON "ab_experiments" USING btree ("app_id","created_at");