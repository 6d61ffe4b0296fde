CREATE TABLE "calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seeker_id" uuid NOT NULL,
	"language" text NOT NULL,
	"context" jsonb,
	"status" text DEFAULT 'ringing' NOT NULL,
	"stage" text DEFAULT 'volunteers' NOT NULL,
	"volunteer_id" uuid,
	"operator_id" uuid,
	"seeker_socket" text NOT NULL,
	"helper_socket" text,
	"connected_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	CONSTRAINT "calls_status_check" CHECK ("calls"."status" in ('ringing', 'connected', 'completed', 'missed', 'cancelled', 'failed')),
	CONSTRAINT "calls_stage_check" CHECK ("calls"."stage" in ('volunteers', 'operators'))
);
--> statement-breakpoint
CREATE TABLE "call_rings" (
	"call_id" uuid NOT NULL,
	"volunteer_id" uuid NOT NULL,
	"batch" integer NOT NULL,
	"rung_at" timestamp with time zone DEFAULT now() NOT NULL,
	"declined_at" timestamp with time zone,
	CONSTRAINT "call_rings_call_id_volunteer_id_pk" PRIMARY KEY("call_id","volunteer_id")
);
--> statement-breakpoint
CREATE TABLE "call_presence" (
	"socket_id" text PRIMARY KEY NOT NULL,
	"member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"node_id" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_presence_kind_check" CHECK ("call_presence"."kind" in ('volunteer', 'operator'))
);
--> statement-breakpoint
CREATE TABLE "volunteer_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"available" boolean DEFAULT false NOT NULL,
	"languages" text[] DEFAULT '{zh}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_feedback" (
	"call_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"about_user_id" uuid,
	"helpful" boolean,
	"report_reason" text,
	"report_note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by" uuid,
	"handling" text,
	CONSTRAINT "call_feedback_call_id_user_id_pk" PRIMARY KEY("call_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "user_blocks" (
	"blocker_id" uuid NOT NULL,
	"blocked_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id")
);
--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_seeker_id_users_id_fk" FOREIGN KEY ("seeker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_volunteer_id_users_id_fk" FOREIGN KEY ("volunteer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_operator_id_admins_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_rings" ADD CONSTRAINT "call_rings_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_rings" ADD CONSTRAINT "call_rings_volunteer_id_users_id_fk" FOREIGN KEY ("volunteer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_profiles" ADD CONSTRAINT "volunteer_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_feedback" ADD CONSTRAINT "call_feedback_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_feedback" ADD CONSTRAINT "call_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_feedback" ADD CONSTRAINT "call_feedback_about_user_id_users_id_fk" FOREIGN KEY ("about_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_feedback" ADD CONSTRAINT "call_feedback_handled_by_admins_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calls_created_at_idx" ON "calls" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "calls_seeker_idx" ON "calls" USING btree ("seeker_id","created_at");--> statement-breakpoint
CREATE INDEX "calls_volunteer_idx" ON "calls" USING btree ("volunteer_id","created_at");--> statement-breakpoint
CREATE INDEX "calls_open_idx" ON "calls" USING btree ("status") WHERE "calls"."status" in ('ringing', 'connected');--> statement-breakpoint
CREATE UNIQUE INDEX "calls_one_open_per_seeker" ON "calls" USING btree ("seeker_id") WHERE "calls"."status" in ('ringing', 'connected');--> statement-breakpoint
CREATE INDEX "call_presence_member_idx" ON "call_presence" USING btree ("kind","member_id");--> statement-breakpoint
CREATE INDEX "call_presence_node_idx" ON "call_presence" USING btree ("node_id");--> statement-breakpoint
CREATE INDEX "call_feedback_open_reports_idx" ON "call_feedback" USING btree ("created_at") WHERE "call_feedback"."report_reason" is not null and "call_feedback"."handled_at" is null;
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"endpoint" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");
