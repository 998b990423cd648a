CREATE TABLE "cloud_db_object_types" (
	"project_id" uuid NOT NULL,
	"key" text NOT NULL,
	"definition" jsonb NOT NULL,
	"rules" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"revision" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cloud_db_object_types_project_id_key_pk" PRIMARY KEY("project_id","key")
);
--> statement-breakpoint
CREATE TABLE "cloud_db_transfers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"created_by" uuid,
	"kind" text NOT NULL,
	"format" text NOT NULL,
	"zone_name" text NOT NULL,
	"object_type_name" text NOT NULL,
	"source_key" text,
	"object_id" uuid,
	"state" text NOT NULL,
	"done" integer NOT NULL,
	"total" integer,
	"error" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cloud_db_zones" (
	"project_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"partition" text NOT NULL,
	"retention_days" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cloud_db_zones_project_id_key_pk" PRIMARY KEY("project_id","key")
);
--> statement-breakpoint
ALTER TABLE "cloud_db_object_types" ADD CONSTRAINT "cloud_db_object_types_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_db_transfers" ADD CONSTRAINT "cloud_db_transfers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_db_transfers" ADD CONSTRAINT "cloud_db_transfers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_db_zones" ADD CONSTRAINT "cloud_db_zones_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cloud_db_transfers_project" ON "cloud_db_transfers" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "cloud_db_transfers_state" ON "cloud_db_transfers" USING btree ("state","updated_at");