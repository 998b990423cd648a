CREATE TABLE "hosting_channels" (
	"site_id" uuid NOT NULL,
	"name" text NOT NULL,
	"version_id" uuid NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "hosting_channels_site_id_name_pk" PRIMARY KEY("site_id","name")
);
--> statement-breakpoint
CREATE TABLE "hosting_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"token" text NOT NULL,
	"state" text NOT NULL,
	"checked_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "hosting_domains_domain" UNIQUE("domain")
);
--> statement-breakpoint
CREATE TABLE "hosting_files" (
	"version_id" uuid NOT NULL,
	"path" text COLLATE "C" NOT NULL,
	"sha256" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"br_size" bigint,
	CONSTRAINT "hosting_files_version_id_path_pk" PRIMARY KEY("version_id","path")
);
--> statement-breakpoint
CREATE TABLE "hosting_sites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"config" jsonb NOT NULL,
	"last_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "hosting_sites_name" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "hosting_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"state" text NOT NULL,
	"files" integer DEFAULT 0 NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "hosting_versions_number" UNIQUE("site_id","number")
);
--> statement-breakpoint
ALTER TABLE "hosting_channels" ADD CONSTRAINT "hosting_channels_site_id_hosting_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."hosting_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosting_channels" ADD CONSTRAINT "hosting_channels_version_id_hosting_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."hosting_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosting_domains" ADD CONSTRAINT "hosting_domains_site_id_hosting_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."hosting_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosting_files" ADD CONSTRAINT "hosting_files_version_id_hosting_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."hosting_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosting_sites" ADD CONSTRAINT "hosting_sites_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosting_versions" ADD CONSTRAINT "hosting_versions_site_id_hosting_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."hosting_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hosting_files_sha" ON "hosting_files" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "hosting_sites_project" ON "hosting_sites" USING btree ("project_id","created_at");