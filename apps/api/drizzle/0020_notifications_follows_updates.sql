CREATE TABLE "campaign_follows" (
	"campaign_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_follows_campaign_id_user_id_pk" PRIMARY KEY("campaign_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "campaign_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"author_id" uuid,
	"visibility" text NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"body_en" text DEFAULT '' NOT NULL,
	"html_en" text DEFAULT '' NOT NULL,
	"title_it" text DEFAULT '' NOT NULL,
	"body_it" text DEFAULT '' NOT NULL,
	"html_it" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	CONSTRAINT "campaign_updates_visibility_valid" CHECK ("campaign_updates"."visibility" in ('public', 'investors')),
	CONSTRAINT "campaign_updates_has_language" CHECK ("campaign_updates"."title_en" <> '' or "campaign_updates"."title_it" <> '')
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"delivery" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_type_pk" PRIMARY KEY("user_id","type"),
	CONSTRAINT "notification_preferences_delivery_valid" CHECK ("notification_preferences"."delivery" in ('immediately', 'daily', 'off'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"campaign_id" uuid,
	"subject_id" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"email" text DEFAULT 'none' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_email_valid" CHECK ("notifications"."email" in ('none', 'queued', 'digest', 'digested'))
);
--> statement-breakpoint
ALTER TABLE "campaign_follows" ADD CONSTRAINT "campaign_follows_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_follows" ADD CONSTRAINT "campaign_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_updates" ADD CONSTRAINT "campaign_updates_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_updates" ADD CONSTRAINT "campaign_updates_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_follows_user_idx" ON "campaign_follows" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "campaign_updates_campaign_idx" ON "campaign_updates" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_updates_author_idx" ON "campaign_updates" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_digest_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."email" = 'digest';--> statement-breakpoint
CREATE INDEX "notifications_campaign_idx" ON "notifications" USING btree ("campaign_id");--> statement-breakpoint
-- "Notify me" on an upcoming campaign becomes a follow (ADR 0037): an address on the list that
-- belongs to a live account follows the campaign. Addresses of no account stay on the list and get
-- the one email they asked for when the campaign opens.
INSERT INTO "campaign_follows" ("campaign_id", "user_id", "created_at")
SELECT w."campaign_id", u."id", w."created_at"
  FROM "campaign_watchers" w
  JOIN "users" u ON lower(u."email") = lower(w."email") AND u."deleted_at" IS NULL
 WHERE w."notified_at" IS NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
DELETE FROM "campaign_watchers" w
 USING "users" u
 WHERE lower(u."email") = lower(w."email") AND u."deleted_at" IS NULL AND w."notified_at" IS NULL;
