CREATE TABLE "sql_scripts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"database_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sql" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sql_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"database_id" uuid NOT NULL,
	"script_id" uuid,
	"script_name" text NOT NULL,
	"sql" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"total" integer,
	"done" integer DEFAULT 0 NOT NULL,
	"pid" integer,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" jsonb,
	"started_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sql_scripts" ADD CONSTRAINT "sql_scripts_database_id_project_databases_id_fk" FOREIGN KEY ("database_id") REFERENCES "public"."project_databases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sql_tasks" ADD CONSTRAINT "sql_tasks_database_id_project_databases_id_fk" FOREIGN KEY ("database_id") REFERENCES "public"."project_databases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sql_scripts_name" ON "sql_scripts" USING btree ("database_id","name");--> statement-breakpoint
CREATE INDEX "sql_tasks_database" ON "sql_tasks" USING btree ("database_id","created_at");