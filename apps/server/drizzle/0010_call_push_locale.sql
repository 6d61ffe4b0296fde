ALTER TABLE "push_subscriptions" ADD COLUMN "locale" text DEFAULT 'zh-CN' NOT NULL;--> statement-breakpoint
CREATE INDEX "call_feedback_warned_idx" ON "call_feedback" USING btree ("about_user_id") WHERE "call_feedback"."handling" = 'warned';
