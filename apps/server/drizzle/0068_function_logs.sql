CREATE TABLE "function_invocations" (
	"id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"function_id" uuid NOT NULL,
	"version" text NOT NULL,
	"alias" text,
	"trigger" text NOT NULL,
	"request_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" real NOT NULL,
	"outcome" text NOT NULL,
	"cold_start" boolean NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "function_log_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "function_log_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"function_id" uuid NOT NULL,
	"invocation_id" uuid NOT NULL,
	"request_id" text NOT NULL,
	"version" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"level" text NOT NULL,
	"message" text NOT NULL,
	"words" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "message")) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "function_invocations" ADD CONSTRAINT "function_invocations_function_id_cloud_functions_id_fk" FOREIGN KEY ("function_id") REFERENCES "public"."cloud_functions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "function_log_lines" ADD CONSTRAINT "function_log_lines_function_id_cloud_functions_id_fk" FOREIGN KEY ("function_id") REFERENCES "public"."cloud_functions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "function_invocations_function_started" ON "function_invocations" USING btree ("function_id","started_at");--> statement-breakpoint
CREATE INDEX "function_log_lines_function_at" ON "function_log_lines" USING btree ("function_id","at","id");--> statement-breakpoint
CREATE INDEX "function_log_lines_request" ON "function_log_lines" USING btree ("function_id","request_id");--> statement-breakpoint
CREATE INDEX "function_log_lines_words" ON "function_log_lines" USING gin ("words");