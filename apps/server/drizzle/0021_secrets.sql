CREATE TABLE "secrets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"scope_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"stored" text NOT NULL,
	"key_id" text NOT NULL,
	"hint" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	CONSTRAINT "secrets_owner_name" UNIQUE("scope","scope_id","name")
);
--> statement-breakpoint
CREATE INDEX "secrets_key" ON "secrets" USING btree ("key_id");