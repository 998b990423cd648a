CREATE TABLE "app_user_identities" (
	"project_id" uuid NOT NULL,
	"provider_id" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "app_user_identities_project_id_provider_id_subject_pk" PRIMARY KEY("project_id","provider_id","subject")
);
--> statement-breakpoint
CREATE TABLE "identity_providers" (
	"project_id" uuid NOT NULL,
	"provider_id" text NOT NULL,
	"name" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"secret_id" uuid NOT NULL,
	"scopes" text NOT NULL,
	"enabled" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "identity_providers_project_id_provider_id_pk" PRIMARY KEY("project_id","provider_id")
);
--> statement-breakpoint
CREATE TABLE "oidc_flows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state_digest" text NOT NULL,
	"team_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"provider_id" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"app_state" text,
	"app_code_challenge" text NOT NULL,
	"link_user_id" uuid,
	"result_user_id" uuid,
	"result_code_digest" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"returned_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "app_users" ADD COLUMN "oidc_providers" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_settings" ADD COLUMN "redirect_uris" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "app_user_identities" ADD CONSTRAINT "app_user_identities_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user_identities" ADD CONSTRAINT "app_user_identities_user_id_app_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_providers" ADD CONSTRAINT "identity_providers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_flows" ADD CONSTRAINT "oidc_flows_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_user_identities_user" ON "app_user_identities" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_flows_state" ON "oidc_flows" USING btree ("state_digest");--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_flows_result" ON "oidc_flows" USING btree ("result_code_digest");--> statement-breakpoint
CREATE INDEX "oidc_flows_expires" ON "oidc_flows" USING btree ("expires_at");