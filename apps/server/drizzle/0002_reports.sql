CREATE TABLE "behaviour_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"tag_type" text NOT NULL,
	"page_id" text,
	"team_id" text,
	"did" text NOT NULL,
	"grey_flag" boolean NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clue_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"data_type" text NOT NULL,
	"service_id" text NOT NULL,
	"service_code" text,
	"menu_id" text,
	"team_id" text,
	"user_id" text,
	"visit_key" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "behaviour_events_at" ON "behaviour_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "behaviour_events_team" ON "behaviour_events" USING btree ("team_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "clue_events_once" ON "clue_events" USING btree ("visit_key","data_type","service_id");