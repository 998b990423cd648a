CREATE TABLE "sms_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"country" text,
	"text" text NOT NULL,
	"kind" text NOT NULL,
	"scope_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE INDEX "sms_outbox_state" ON "sms_outbox" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_scope" ON "sms_outbox" USING btree ("scope_id","created_at");