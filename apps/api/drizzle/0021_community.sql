CREATE TABLE "community_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"parent_id" uuid,
	"author_id" uuid,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"pinned_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"hidden_by" uuid,
	"answered_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_posts_kind_valid" CHECK ("community_posts"."kind" in ('question', 'comment', 'reply')),
	CONSTRAINT "community_posts_reply_has_parent" CHECK (("community_posts"."kind" = 'reply') = ("community_posts"."parent_id" is not null)),
	CONSTRAINT "community_posts_body_length" CHECK (char_length("community_posts"."body") between 1 and 2000),
	CONSTRAINT "community_posts_hidden_has_reason" CHECK ("community_posts"."hidden_at" is null or ("community_posts"."hidden_reason" is not null and char_length("community_posts"."hidden_reason") between 1 and 500)),
	CONSTRAINT "community_posts_answered_only_questions" CHECK ("community_posts"."answered_at" is null or "community_posts"."kind" = 'question')
);
--> statement-breakpoint
CREATE TABLE "community_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_reports_reason_length" CHECK (char_length("community_reports"."reason") <= 500)
);
--> statement-breakpoint
CREATE TABLE "news_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title_en" text NOT NULL,
	"title_it" text NOT NULL,
	"body_en" text DEFAULT '' NOT NULL,
	"body_it" text DEFAULT '' NOT NULL,
	"image_key" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"author_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_posts_status_valid" CHECK ("news_posts"."status" in ('draft', 'published')),
	CONSTRAINT "news_posts_published_has_date" CHECK ("news_posts"."status" = 'draft' or "news_posts"."published_at" is not null),
	CONSTRAINT "news_posts_lengths" CHECK (char_length("news_posts"."title_en") <= 200 and char_length("news_posts"."title_it") <= 200 and char_length("news_posts"."body_en") <= 20000 and char_length("news_posts"."body_it") <= 20000)
);
--> statement-breakpoint
CREATE TABLE "newsletters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_en" text NOT NULL,
	"subject_it" text NOT NULL,
	"body_en" text NOT NULL,
	"body_it" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" uuid,
	"send_started_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"cursor_user_id" uuid,
	"recipients" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletters_status_valid" CHECK ("newsletters"."status" in ('draft', 'sending', 'sent')),
	CONSTRAINT "newsletters_recipients_non_negative" CHECK ("newsletters"."recipients" >= 0),
	CONSTRAINT "newsletters_lengths" CHECK (char_length("newsletters"."subject_en") between 1 and 200 and char_length("newsletters"."subject_it") between 1 and 200 and char_length("newsletters"."body_en") <= 20000 and char_length("newsletters"."body_it") <= 20000)
);
--> statement-breakpoint
CREATE TABLE "studio_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"logo_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "studio_profiles_bio_length" CHECK (char_length("studio_profiles"."bio") <= 2000),
	CONSTRAINT "studio_profiles_links_count" CHECK (jsonb_array_length("studio_profiles"."links") <= 5)
);
--> statement-breakpoint
ALTER TABLE "dev_mailbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "community_posts" ADD CONSTRAINT "community_posts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_posts" ADD CONSTRAINT "community_posts_parent_id_community_posts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."community_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_posts" ADD CONSTRAINT "community_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_posts" ADD CONSTRAINT "community_posts_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_reports" ADD CONSTRAINT "community_reports_post_id_community_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."community_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_reports" ADD CONSTRAINT "community_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_posts" ADD CONSTRAINT "news_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletters" ADD CONSTRAINT "newsletters_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_profiles" ADD CONSTRAINT "studio_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_posts_thread_idx" ON "community_posts" USING btree ("campaign_id","parent_id","created_at");--> statement-breakpoint
CREATE INDEX "community_posts_parent_idx" ON "community_posts" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "community_posts_author_idx" ON "community_posts" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "community_posts_hidden_by_idx" ON "community_posts" USING btree ("hidden_by");--> statement-breakpoint
CREATE INDEX "community_posts_unanswered_idx" ON "community_posts" USING btree ("created_at") WHERE "community_posts"."kind" = 'question' and "community_posts"."answered_at" is null and "community_posts"."reminded_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "community_reports_post_reporter_key" ON "community_reports" USING btree ("post_id","reporter_id");--> statement-breakpoint
CREATE INDEX "community_reports_reporter_idx" ON "community_reports" USING btree ("reporter_id");--> statement-breakpoint
CREATE INDEX "news_posts_published_idx" ON "news_posts" USING btree ("status","published_at");--> statement-breakpoint
CREATE INDEX "news_posts_author_idx" ON "news_posts" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "newsletters_status_idx" ON "newsletters" USING btree ("status");--> statement-breakpoint
CREATE INDEX "newsletters_created_by_idx" ON "newsletters" USING btree ("created_by");