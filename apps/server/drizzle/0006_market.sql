-- The search grams of a text: each character and each pair of neighbouring characters, lower-cased.
-- A Chinese word of two characters is one gram, so a search of any length finds its scenes through a
-- GIN index (pg_trgm needs 3 characters and, for Chinese, a UTF-8 ctype that a C-locale cluster lacks).
CREATE FUNCTION "market_search_grams"(t text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
	SELECT coalesce(array_agg(DISTINCT g), '{}'::text[]) FROM (
		SELECT substr(lower(t), i, 1) AS g FROM generate_series(1, length(t)) AS i
		UNION ALL
		SELECT substr(lower(t), i, 2) FROM generate_series(1, length(t) - 1) AS i
	) AS grams
$$;
--> statement-breakpoint
CREATE TABLE "market_scenes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" uuid,
	"visibility" text NOT NULL,
	"status" text NOT NULL,
	"reject_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"prompt" text NOT NULL,
	"behaviour" text NOT NULL,
	"interval_seconds" integer,
	"category" text NOT NULL,
	"icon" text NOT NULL,
	"live_name" text,
	"live_description" text,
	"live_prompt" text,
	"live_behaviour" text,
	"live_interval_seconds" integer,
	"live_category" text,
	"live_icon" text,
	"live_version" integer,
	"published_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"uses" integer DEFAULT 0 NOT NULL,
	"favourites" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_scenes_visibility_check" CHECK ("market_scenes"."visibility" in ('private', 'public')),
	CONSTRAINT "market_scenes_status_check" CHECK ("market_scenes"."status" in ('draft', 'pending', 'approved', 'rejected', 'unpublished'))
);
--> statement-breakpoint
CREATE TABLE "market_favourites" (
	"user_id" uuid NOT NULL,
	"scene_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_favourites_user_id_scene_id_pk" PRIMARY KEY("user_id","scene_id")
);
--> statement-breakpoint
CREATE TABLE "market_scene_uses" (
	"scene_id" uuid NOT NULL,
	"session" uuid NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_scene_uses_scene_id_session_pk" PRIMARY KEY("scene_id","session")
);
--> statement-breakpoint
CREATE TABLE "market_scene_reports" (
	"scene_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_scene_reports_scene_id_user_id_pk" PRIMARY KEY("scene_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "market_scenes" ADD CONSTRAINT "market_scenes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "market_favourites" ADD CONSTRAINT "market_favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "market_favourites" ADD CONSTRAINT "market_favourites_scene_id_market_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."market_scenes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "market_scene_uses" ADD CONSTRAINT "market_scene_uses_scene_id_market_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."market_scenes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "market_scene_uses" ADD CONSTRAINT "market_scene_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "market_scene_reports" ADD CONSTRAINT "market_scene_reports_scene_id_market_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."market_scenes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "market_scene_reports" ADD CONSTRAINT "market_scene_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "market_scenes_author_idx" ON "market_scenes" USING btree ("author_id","updated_at");
--> statement-breakpoint
CREATE INDEX "market_scenes_review_idx" ON "market_scenes" USING btree ("status","submitted_at");
--> statement-breakpoint
CREATE INDEX "market_scenes_popular_idx" ON "market_scenes" USING btree ("uses" DESC NULLS FIRST,"id") WHERE "market_scenes"."published_at" is not null and "market_scenes"."visibility" = 'public';
--> statement-breakpoint
CREATE INDEX "market_scenes_newest_idx" ON "market_scenes" USING btree ("published_at" DESC NULLS FIRST,"id") WHERE "market_scenes"."published_at" is not null and "market_scenes"."visibility" = 'public';
--> statement-breakpoint
CREATE INDEX "market_favourites_scene_idx" ON "market_favourites" USING btree ("scene_id");
--> statement-breakpoint
-- the grams of the live text (the repo's search expression must stay this one)
CREATE INDEX "market_scenes_live_search_idx" ON "market_scenes" USING gin (market_search_grams(coalesce("live_name", '') || ' ' || coalesce("live_description", ''))) WHERE "published_at" is not null;
--> statement-breakpoint
-- The official scenes of a fresh install, approved and live, so the market is never empty.
INSERT INTO "market_scenes" ("visibility", "status", "name", "description", "prompt", "behaviour", "interval_seconds", "category", "icon", "live_name", "live_description", "live_prompt", "live_behaviour", "live_interval_seconds", "live_category", "live_icon", "live_version", "published_at")
SELECT 'public', 'approved', s.name, s.description, s.prompt, s.behaviour, s.interval_seconds, s.category, s.icon, s.name, s.description, s.prompt, s.behaviour, s.interval_seconds, s.category, s.icon, 1, now()
FROM (VALUES
	('药盒说明', '读出药盒上的药名、规格和用法用量', '这是一个药盒或药品说明。请读出药品名称、规格、用法用量和注意事项；看不清的部分直接说看不清，不要猜测，不要给出医疗建议。', 'tap', NULL::integer, 'health', 'medicine'),
	('有效期', '找到并读出包装上的生产日期和有效期', '请在包装上找到生产日期、有效期或保质期，读出具体日期；如果能判断，说明是否已经过期。找不到日期就直接说没有找到。', 'tap', NULL, 'health', 'calendar'),
	('认钞票', '说出钞票的币种和面额', '请说出图中钞票的币种和面额，有几张就分别说明；如果不是钞票或看不清，直接说明。', 'tap', NULL, 'shopping', 'money'),
	('公交车号', '每 5 秒看一次驶来的公交车线路号', '请找出画面中公交车的线路号码和目的地；没有公交车就只说“没有看到公交车”。', 'auto', 5, 'travel', 'bus'),
	('读菜单', '读出菜单上的菜名和价格', '这是一份菜单。请按顺序读出菜名和价格，先说有哪几类菜，再逐项读出；看不清的部分说看不清。', 'tap', NULL, 'reading', 'menu'),
	('衣服颜色', '说出衣服的颜色、图案，以及是否有明显污渍', '请说出画面中衣服的主要颜色、图案和款式，以及有没有明显的污渍或破损。', 'tap', NULL, 'clothing', 'shirt'),
	('门牌号', '读出门牌号、房间号和门上的标识', '请读出画面中的门牌号、楼号、房间号或门上的标识文字；没有就直接说没有看到门牌。', 'tap', NULL, 'travel', 'door'),
	('屏幕文字', '读出电脑、手机或电视屏幕上的文字', '请读出画面中屏幕上显示的文字，按从上到下的顺序；如有弹窗或按钮，说出它们的文字。', 'tap', NULL, 'reading', 'screen'),
	('食品配料', '读出食品包装的配料表和营养成分', '请读出食品包装上的名称、配料表和营养成分表中的热量、糖和钠含量。', 'tap', NULL, 'shopping', 'food'),
	('问问看', '对着要问的东西，说出你的问题', '请根据图片回答用户的问题，只说图片里能看到的。', 'voice', NULL, 'other', 'eye')
) AS s(name, description, prompt, behaviour, interval_seconds, category, icon);
