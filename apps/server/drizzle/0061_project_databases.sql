CREATE TABLE "database_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"database_id" uuid NOT NULL,
	"name" text NOT NULL,
	"username" text NOT NULL,
	"privilege" text NOT NULL,
	"schema" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "database_accounts_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "project_databases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"name" text NOT NULL,
	"pg_name" text NOT NULL,
	"owner" text NOT NULL,
	"owner_secret_id" uuid NOT NULL,
	"state" text DEFAULT 'ready' NOT NULL,
	"delete_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "project_databases_pg_name_unique" UNIQUE("pg_name")
);
--> statement-breakpoint
CREATE TABLE "sql_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"database_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"sql" text NOT NULL,
	"ok" boolean NOT NULL,
	"duration_ms" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "database_accounts" ADD CONSTRAINT "database_accounts_database_id_project_databases_id_fk" FOREIGN KEY ("database_id") REFERENCES "public"."project_databases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_databases" ADD CONSTRAINT "project_databases_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sql_history" ADD CONSTRAINT "sql_history_database_id_project_databases_id_fk" FOREIGN KEY ("database_id") REFERENCES "public"."project_databases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "database_accounts_name" ON "database_accounts" USING btree ("database_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "project_databases_name" ON "project_databases" USING btree ("project_id","name");--> statement-breakpoint
CREATE INDEX "sql_history_person" ON "sql_history" USING btree ("database_id","user_id","at");