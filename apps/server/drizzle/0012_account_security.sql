-- registration proves the phone; access tokens can be revoked (security review, issue 29)
ALTER TABLE "admins" ADD COLUMN "token_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "token_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- an account without a password but with a phone got that phone by a code (SMS login, or a social
-- login that bound it): proven. Accounts registered with a password alone stay unproven.
UPDATE "users" SET "phone_verified_at" = "created_at" WHERE "password_hash" IS NULL AND "phone" IS NOT NULL;
