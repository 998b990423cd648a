CREATE TABLE "function_preload_policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"function_id" uuid NOT NULL,
	"qualifier" text NOT NULL,
	"instances" integer NOT NULL,
	"days" jsonb NOT NULL,
	"start_hour" integer NOT NULL,
	"end_hour" integer NOT NULL,
	"time_zone" text NOT NULL,
	"enabled" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "function_runner_snapshots" (
	"instance" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"runners" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "function_preload_policies" ADD CONSTRAINT "function_preload_policies_function_id_cloud_functions_id_fk" FOREIGN KEY ("function_id") REFERENCES "public"."cloud_functions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "function_preload_policies_function" ON "function_preload_policies" USING btree ("function_id");