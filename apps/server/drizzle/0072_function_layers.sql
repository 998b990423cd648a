CREATE TABLE "function_layer_versions" (
	"layer_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"description" text NOT NULL,
	"source" text NOT NULL,
	"state" text NOT NULL,
	"package_json" text,
	"archive_key" text,
	"sha256" text,
	"zip_size" integer DEFAULT 0 NOT NULL,
	"unzipped_size" integer DEFAULT 0 NOT NULL,
	"files" integer DEFAULT 0 NOT NULL,
	"packages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"build_log" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"ready_at" timestamp with time zone,
	CONSTRAINT "function_layer_versions_layer_id_version_pk" PRIMARY KEY("layer_id","version")
);
--> statement-breakpoint
CREATE TABLE "function_layers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"last_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "function_layers_project_name" UNIQUE("project_id","name")
);
--> statement-breakpoint
ALTER TABLE "cloud_function_versions" ADD COLUMN "layers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cloud_functions" ADD COLUMN "layers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "function_layer_versions" ADD CONSTRAINT "function_layer_versions_layer_id_function_layers_id_fk" FOREIGN KEY ("layer_id") REFERENCES "public"."function_layers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "function_layers" ADD CONSTRAINT "function_layers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;