ALTER TABLE "users" ADD COLUMN "avatar_key" text;
--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "photo_key" text;
