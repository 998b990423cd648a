CREATE TABLE "version_expansion_files" (
	"version_id" uuid NOT NULL,
	"slot" text NOT NULL,
	"package_id" uuid NOT NULL,
	CONSTRAINT "version_expansion_files_version_id_slot_pk" PRIMARY KEY("version_id","slot")
);
--> statement-breakpoint
ALTER TABLE "app_versions" ADD COLUMN "no_package" boolean DEFAULT false NOT NULL;