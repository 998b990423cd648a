CREATE TABLE "function_alarms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"function_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"metric" text NOT NULL,
	"threshold" real NOT NULL,
	"window_minutes" integer NOT NULL,
	"enabled" boolean NOT NULL,
	"state" text NOT NULL,
	"last_value" real,
	"evaluated_at" timestamp with time zone,
	"changed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "function_alarms" ADD CONSTRAINT "function_alarms_function_id_cloud_functions_id_fk" FOREIGN KEY ("function_id") REFERENCES "public"."cloud_functions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "function_alarms_function" ON "function_alarms" USING btree ("function_id","created_at");--> statement-breakpoint
CREATE INDEX "function_alarms_due" ON "function_alarms" USING btree ("enabled","evaluated_at");