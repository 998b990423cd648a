CREATE TABLE "support_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" serial NOT NULL,
	"ticket_id" uuid NOT NULL,
	"author" text NOT NULL,
	"author_id" uuid,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"team_id" uuid NOT NULL,
	"app_id" uuid,
	"app_name" text,
	"category" text NOT NULL,
	"priority" text NOT NULL,
	"subject" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"requester_id" uuid,
	"assignee_id" uuid,
	"response_due_at" timestamp with time zone,
	"first_response_at" timestamp with time zone,
	"last_author" text DEFAULT 'team' NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"rating_score" integer,
	"rating_comment" text,
	"rated_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "support_tickets_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "support_uploads" (
	"token" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"ticket_id" uuid,
	"file_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploader_id" uuid,
	"message_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_uploads" ADD CONSTRAINT "support_uploads_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_uploads" ADD CONSTRAINT "support_uploads_message_id_support_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."support_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_messages_ticket" ON "support_messages" USING btree ("ticket_id","seq");--> statement-breakpoint
CREATE INDEX "support_tickets_team_activity" ON "support_tickets" USING btree ("team_id","last_message_at");--> statement-breakpoint
CREATE INDEX "support_tickets_state_due" ON "support_tickets" USING btree ("state","response_due_at");--> statement-breakpoint
CREATE INDEX "support_tickets_rated" ON "support_tickets" USING btree ("rated_at");--> statement-breakpoint
CREATE INDEX "support_uploads_message" ON "support_uploads" USING btree ("message_id");