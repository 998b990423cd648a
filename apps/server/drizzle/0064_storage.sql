CREATE TABLE "storage_buckets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"rules" jsonb NOT NULL,
	"rules_updated_at" timestamp with time zone NOT NULL,
	"cors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"objects" bigint DEFAULT 0 NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "storage_buckets_name" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "storage_objects" (
	"bucket_id" uuid NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"storage_key" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"sha256" text NOT NULL,
	"cache_control" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"owner" text,
	"generation" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "storage_objects_bucket_id_name_pk" PRIMARY KEY("bucket_id","name")
);
--> statement-breakpoint
CREATE TABLE "storage_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bucket_id" uuid NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"cache_control" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"owner" text,
	"total_size" bigint NOT NULL,
	"received" bigint DEFAULT 0 NOT NULL,
	"chunks" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_usage_daily" (
	"bucket_id" uuid NOT NULL,
	"day" date NOT NULL,
	"uploads" bigint DEFAULT 0 NOT NULL,
	"upload_bytes" bigint DEFAULT 0 NOT NULL,
	"downloads" bigint DEFAULT 0 NOT NULL,
	"download_bytes" bigint DEFAULT 0 NOT NULL,
	"deletes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "storage_usage_daily_bucket_id_day_pk" PRIMARY KEY("bucket_id","day")
);
--> statement-breakpoint
ALTER TABLE "storage_buckets" ADD CONSTRAINT "storage_buckets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_objects" ADD CONSTRAINT "storage_objects_bucket_id_storage_buckets_id_fk" FOREIGN KEY ("bucket_id") REFERENCES "public"."storage_buckets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_uploads" ADD CONSTRAINT "storage_uploads_bucket_id_storage_buckets_id_fk" FOREIGN KEY ("bucket_id") REFERENCES "public"."storage_buckets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_usage_daily" ADD CONSTRAINT "storage_usage_daily_bucket_id_storage_buckets_id_fk" FOREIGN KEY ("bucket_id") REFERENCES "public"."storage_buckets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storage_buckets_project" ON "storage_buckets" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "storage_uploads_expires" ON "storage_uploads" USING btree ("expires_at");