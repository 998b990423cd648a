CREATE TABLE "team_agreements" (
	"team_id" uuid NOT NULL,
	"agreement_id" text NOT NULL,
	"version" text NOT NULL,
	"signed_by" uuid,
	"signed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "team_agreements_team_id_agreement_id_version_pk" PRIMARY KEY("team_id","agreement_id","version")
);
--> statement-breakpoint
ALTER TABLE "team_agreements" ADD CONSTRAINT "team_agreements_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_agreements" ADD CONSTRAINT "team_agreements_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;