ALTER TABLE "volunteer_profiles" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "volunteer_profiles" ADD COLUMN "quiet_hours" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "volunteer_profiles" ADD COLUMN "quiet_start" time DEFAULT '22:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "volunteer_profiles" ADD COLUMN "quiet_end" time DEFAULT '07:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "volunteer_profiles" ADD COLUMN "snoozed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "volunteer_profiles" ADD COLUMN "last_asked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "volunteer_profiles_ring_order_idx" ON "volunteer_profiles" USING btree ("last_asked_at" NULLS FIRST) WHERE "volunteer_profiles"."available";--> statement-breakpoint
ALTER TABLE "volunteer_profiles" ADD CONSTRAINT "volunteer_profiles_quiet_window_check" CHECK ("volunteer_profiles"."quiet_start" <> "volunteer_profiles"."quiet_end");