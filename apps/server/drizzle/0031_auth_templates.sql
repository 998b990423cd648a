CREATE TABLE "auth_templates" (
	"project_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "auth_templates_project_id_kind_language_pk" PRIMARY KEY("project_id","kind","language")
);
--> statement-breakpoint
ALTER TABLE "auth_templates" ADD CONSTRAINT "auth_templates_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;