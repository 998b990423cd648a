CREATE TABLE "function_test_events" (
	"function_id" uuid NOT NULL,
	"name" text NOT NULL,
	"event" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "function_test_events_function_id_name_pk" PRIMARY KEY("function_id","name")
);
--> statement-breakpoint
ALTER TABLE "function_test_events" ADD CONSTRAINT "function_test_events_function_id_cloud_functions_id_fk" FOREIGN KEY ("function_id") REFERENCES "public"."cloud_functions"("id") ON DELETE cascade ON UPDATE no action;