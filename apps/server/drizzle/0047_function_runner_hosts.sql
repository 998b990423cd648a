CREATE TABLE "function_runner_hosts" (
	"url" text PRIMARY KEY NOT NULL,
	"registered_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
