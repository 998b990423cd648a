CREATE TABLE "cloud_function_aliases" (
	"function_id" uuid NOT NULL,
	"name" text NOT NULL,
	"version" integer NOT NULL,
	"additional_version" integer,
	"additional_weight" integer NOT NULL,
	"description" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cloud_function_aliases_function_id_name_pk" PRIMARY KEY("function_id","name")
);
--> statement-breakpoint
CREATE TABLE "cloud_function_code" (
	"function_id" uuid NOT NULL,
	"sha256" text NOT NULL,
	"files" jsonb NOT NULL,
	"size" integer NOT NULL,
	CONSTRAINT "cloud_function_code_function_id_sha256_pk" PRIMARY KEY("function_id","sha256")
);
--> statement-breakpoint
CREATE TABLE "cloud_function_versions" (
	"function_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"description" text NOT NULL,
	"handler" text NOT NULL,
	"memory_mb" integer NOT NULL,
	"timeout_seconds" integer NOT NULL,
	"concurrency" integer NOT NULL,
	"code_sha256" text NOT NULL,
	"env_secret_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cloud_function_versions_function_id_version_pk" PRIMARY KEY("function_id","version")
);
--> statement-breakpoint
CREATE TABLE "cloud_functions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"handler" text NOT NULL,
	"memory_mb" integer NOT NULL,
	"timeout_seconds" integer NOT NULL,
	"concurrency" integer NOT NULL,
	"description" text NOT NULL,
	"code_sha256" text NOT NULL,
	"env" jsonb NOT NULL,
	"env_secret_id" uuid,
	"last_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cloud_functions_project_name" UNIQUE("project_id","name")
);
--> statement-breakpoint
ALTER TABLE "cloud_function_aliases" ADD CONSTRAINT "cloud_function_aliases_function_id_cloud_functions_id_fk" FOREIGN KEY ("function_id") REFERENCES "public"."cloud_functions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_function_aliases" ADD CONSTRAINT "cloud_function_aliases_function_id_version_cloud_function_versions_function_id_version_fk" FOREIGN KEY ("function_id","version") REFERENCES "public"."cloud_function_versions"("function_id","version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_function_aliases" ADD CONSTRAINT "cloud_function_aliases_function_id_additional_version_cloud_function_versions_function_id_version_fk" FOREIGN KEY ("function_id","additional_version") REFERENCES "public"."cloud_function_versions"("function_id","version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_function_code" ADD CONSTRAINT "cloud_function_code_function_id_cloud_functions_id_fk" FOREIGN KEY ("function_id") REFERENCES "public"."cloud_functions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_function_versions" ADD CONSTRAINT "cloud_function_versions_function_id_cloud_functions_id_fk" FOREIGN KEY ("function_id") REFERENCES "public"."cloud_functions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_function_versions" ADD CONSTRAINT "cloud_function_versions_function_id_code_sha256_cloud_function_code_function_id_sha256_fk" FOREIGN KEY ("function_id","code_sha256") REFERENCES "public"."cloud_function_code"("function_id","sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_functions" ADD CONSTRAINT "cloud_functions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cloud_functions_project_created" ON "cloud_functions" USING btree ("project_id","created_at","id");