CREATE TABLE "test_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_installs" (
	"test_version_id" uuid NOT NULL,
	"tester_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "test_installs_test_version_id_tester_id_pk" PRIMARY KEY("test_version_id","tester_id")
);
--> statement-breakpoint
CREATE TABLE "test_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"code" text NOT NULL,
	"max_admissions" integer NOT NULL,
	"admissions" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'invited' NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"package_id" uuid,
	"version_code" bigint,
	"version_name" text,
	"group_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"install_cap" integer NOT NULL,
	"installs" integer DEFAULT 0 NOT NULL,
	"rejection" jsonb,
	"ended_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "testers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"email" text,
	"name" text,
	"source" text NOT NULL,
	"token_hash" text,
	"invitation_id" uuid,
	"joined_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "test_groups_team_name" ON "test_groups" USING btree ("team_id",lower("name"));--> statement-breakpoint
CREATE INDEX "test_groups_team_created" ON "test_groups" USING btree ("team_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_invitations_code" ON "test_invitations" USING btree ("code");--> statement-breakpoint
CREATE INDEX "test_invitations_group" ON "test_invitations" USING btree ("group_id","created_at");--> statement-breakpoint
CREATE INDEX "test_versions_app_created" ON "test_versions" USING btree ("app_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "testers_group_email" ON "testers" USING btree ("group_id","email") WHERE email is not null;--> statement-breakpoint
CREATE INDEX "testers_token" ON "testers" USING btree ("token_hash") WHERE token_hash is not null;--> statement-breakpoint
CREATE INDEX "testers_group_created" ON "testers" USING btree ("group_id","created_at","id");