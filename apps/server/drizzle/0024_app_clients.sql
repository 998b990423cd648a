CREATE TABLE "app_clients" (
	"app_id" uuid PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"key_secret_id" uuid NOT NULL,
	"previous_key_secret_id" uuid,
	"previous_key_expires_at" timestamp with time zone,
	"package_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"web_origins" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"key_rotated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "app_clients_client_id" ON "app_clients" USING btree ("client_id");