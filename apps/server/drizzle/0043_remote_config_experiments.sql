CREATE TABLE "remote_config_experiments" (
	"app_id" uuid NOT NULL,
	"experiment_id" uuid NOT NULL,
	"overlay" jsonb NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "remote_config_experiments_app_id_experiment_id_pk" PRIMARY KEY("app_id","experiment_id")
);
--> statement-breakpoint
ALTER TABLE "remote_config_experiments" ADD CONSTRAINT "remote_config_experiments_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;