CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"name" text NOT NULL,
	"data_location" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "projects_team_created" ON "projects" USING btree ("team_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_team_name" ON "projects" USING btree ("team_id",lower("name"));