CREATE TABLE "vision_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"scenario" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vision_images_owner_kind_check" CHECK ("vision_images"."owner_kind" in ('user', 'device'))
);
--> statement-breakpoint
CREATE INDEX "vision_images_created_at_idx" ON "vision_images" USING btree ("created_at");