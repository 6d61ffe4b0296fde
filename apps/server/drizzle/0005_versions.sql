CREATE TABLE "app_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform" text NOT NULL,
	"version_name" text NOT NULL,
	"build_number" integer NOT NULL,
	"update_type" text NOT NULL,
	"release_notes" text DEFAULT '' NOT NULL,
	"download_url" text,
	"apk_key" text,
	"apk_bytes" integer,
	"min_supported_build" integer,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_versions_platform_build_unique" UNIQUE("platform","build_number"),
	CONSTRAINT "app_versions_platform_check" CHECK ("app_versions"."platform" in ('h5', 'android', 'ios')),
	CONSTRAINT "app_versions_update_type_check" CHECK ("app_versions"."update_type" in ('force', 'optional', 'silent'))
);
--> statement-breakpoint
CREATE INDEX "app_versions_published_idx" ON "app_versions" USING btree ("platform","build_number") WHERE "app_versions"."published_at" is not null;
