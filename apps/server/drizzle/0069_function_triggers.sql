CREATE TABLE "function_trigger_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"function_id" uuid NOT NULL,
	"trigger_id" uuid,
	"trigger_name" text NOT NULL,
	"kind" text NOT NULL,
	"qualifier" text NOT NULL,
	"event" jsonb NOT NULL,
	"scheduled_for" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "function_triggers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"function_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"qualifier" text NOT NULL,
	"enabled" boolean NOT NULL,
	"cron" text,
	"time_zone" text,
	"missed" text,
	"payload" jsonb,
	"event_source" text,
	"event_types" jsonb,
	"event_filter" jsonb,
	"attempts" integer NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "function_trigger_runs" ADD CONSTRAINT "function_trigger_runs_function_id_cloud_functions_id_fk" FOREIGN KEY ("function_id") REFERENCES "public"."cloud_functions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "function_triggers" ADD CONSTRAINT "function_triggers_function_id_cloud_functions_id_fk" FOREIGN KEY ("function_id") REFERENCES "public"."cloud_functions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "function_trigger_runs_due" ON "function_trigger_runs" USING btree ("state","next_at");--> statement-breakpoint
CREATE INDEX "function_trigger_runs_function" ON "function_trigger_runs" USING btree ("function_id","updated_at");--> statement-breakpoint
CREATE INDEX "function_triggers_function" ON "function_triggers" USING btree ("function_id","created_at");--> statement-breakpoint
CREATE INDEX "function_triggers_project_source" ON "function_triggers" USING btree ("project_id","event_source");