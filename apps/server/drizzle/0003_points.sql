CREATE TABLE "points_config" (
	"version" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"admin_id" uuid,
	"rules" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"free_points" integer DEFAULT 0 NOT NULL,
	"free_original" integer DEFAULT 0 NOT NULL,
	"free_day" date,
	"vip_points" integer DEFAULT 0 NOT NULL,
	"vip_original" integer DEFAULT 0 NOT NULL,
	"vip_day" date,
	"vip_daily_points" integer DEFAULT 0 NOT NULL,
	"vip_expires_at" timestamp with time zone,
	"paid_points" integer DEFAULT 0 NOT NULL,
	"paid_original" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_accounts_free_check" CHECK ("points_accounts"."free_points" >= 0),
	CONSTRAINT "points_accounts_vip_check" CHECK ("points_accounts"."vip_points" >= 0),
	CONSTRAINT "points_accounts_paid_check" CHECK ("points_accounts"."paid_points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "points_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"scene" text NOT NULL,
	"amount" integer NOT NULL,
	"free_delta" integer NOT NULL,
	"vip_delta" integer NOT NULL,
	"paid_delta" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"remark" text,
	"config_version" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"admin_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_entries_idempotency_key" UNIQUE("user_id","idempotency_key"),
	CONSTRAINT "points_entries_type_check" CHECK ("points_entries"."type" in ('consume', 'recharge', 'auth', 'gift', 'vip', 'other')),
	CONSTRAINT "points_entries_sum_check" CHECK ("points_entries"."amount" = "points_entries"."free_delta" + "points_entries"."vip_delta" + "points_entries"."paid_delta")
);
--> statement-breakpoint
CREATE TABLE "points_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_device_usage" (
	"device_id" text NOT NULL,
	"day" date NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "points_device_usage_device_id_day_pk" PRIMARY KEY("device_id","day"),
	CONSTRAINT "points_device_usage_check" CHECK ("points_device_usage"."used" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"item_id" text NOT NULL,
	"item" jsonb NOT NULL,
	"amount_fen" integer NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"provider_trade_no" text,
	"config_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payment_orders_kind_check" CHECK ("payment_orders"."kind" in ('recharge', 'vip')),
	CONSTRAINT "payment_orders_status_check" CHECK ("payment_orders"."status" in ('created', 'paid', 'failed', 'expired', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"amount_fen" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "points_config" ADD CONSTRAINT "points_config_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_accounts" ADD CONSTRAINT "points_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_holds" ADD CONSTRAINT "points_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "points_entries_user_idx" ON "points_entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "points_entries_user_type_idx" ON "points_entries" USING btree ("user_id","type","id");--> statement-breakpoint
CREATE INDEX "points_entries_created_at_idx" ON "points_entries" USING btree ("created_at","type");--> statement-breakpoint
CREATE INDEX "points_holds_user_idx" ON "points_holds" USING btree ("user_id","expires_at");--> statement-breakpoint
CREATE INDEX "payment_orders_user_idx" ON "payment_orders" USING btree ("user_id","created_at");--> statement-breakpoint
-- The ledger is append-only: a balance is only ever changed by a new entry.
CREATE FUNCTION "points_entries_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'points_entries is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "points_entries_append_only" BEFORE UPDATE OR DELETE ON "points_entries" FOR EACH ROW EXECUTE FUNCTION "points_entries_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "points_entries_no_truncate" BEFORE TRUNCATE ON "points_entries" FOR EACH STATEMENT EXECUTE FUNCTION "points_entries_refuse_change"();
