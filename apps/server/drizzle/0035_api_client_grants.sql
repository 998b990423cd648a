CREATE TABLE "api_client_grants" (
	"client_row_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "api_client_grants_client_row_id_app_id_pk" PRIMARY KEY("client_row_id","app_id")
);
--> statement-breakpoint
ALTER TABLE "api_client_grants" ADD CONSTRAINT "api_client_grants_client_row_id_api_clients_id_fk" FOREIGN KEY ("client_row_id") REFERENCES "public"."api_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_client_grants" ADD CONSTRAINT "api_client_grants_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;