CREATE TABLE "app_message_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_id" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"priority" integer NOT NULL,
	"default_language" text NOT NULL,
	"body" jsonb NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_message_changes" ADD CONSTRAINT "app_message_changes_message_id_app_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."app_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_messages" ADD CONSTRAINT "app_messages_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_message_changes_message" ON "app_message_changes" USING btree ("message_id","at");--> statement-breakpoint
CREATE INDEX "app_messages_app" ON "app_messages" USING btree ("app_id","priority");