CREATE TABLE "publishing_packages" (
	"app_id" uuid PRIMARY KEY NOT NULL,
	"package_id" uuid NOT NULL,
	"client_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "publishing_packages" ADD CONSTRAINT "publishing_packages_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;