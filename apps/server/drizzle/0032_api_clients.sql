CREATE TABLE "api_client_keys" (
	"key_id" uuid PRIMARY KEY NOT NULL,
	"client_row_id" uuid NOT NULL,
	"public_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "api_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"team_id" uuid NOT NULL,
	"project_id" uuid,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"role" text NOT NULL,
	"secret_id" uuid,
	"previous_secret_id" uuid,
	"previous_secret_until" timestamp with time zone,
	"tokens_valid_from" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "api_clients_client_id_unique" UNIQUE("client_id"),
	CONSTRAINT "api_clients_team_name" UNIQUE("team_id","name")
);
--> statement-breakpoint
ALTER TABLE "api_client_keys" ADD CONSTRAINT "api_client_keys_client_row_id_api_clients_id_fk" FOREIGN KEY ("client_row_id") REFERENCES "public"."api_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_clients" ADD CONSTRAINT "api_clients_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_clients" ADD CONSTRAINT "api_clients_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_clients" ADD CONSTRAINT "api_clients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_client_keys_client" ON "api_client_keys" USING btree ("client_row_id","created_at");--> statement-breakpoint
CREATE INDEX "api_clients_team_created" ON "api_clients" USING btree ("team_id","created_at","id");