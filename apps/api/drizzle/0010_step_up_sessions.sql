CREATE TABLE "sensitive_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"previous_email" text NOT NULL,
	"undo" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"undone_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sensitive_changes_kind_valid" CHECK ("sensitive_changes"."kind" in ('email', 'password', 'social_link', 'social_unlink', 'withdrawal_iban', 'second_factor'))
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "authenticated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "reauthenticated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Sessions open before this migration proved who they were at their login, not now.
UPDATE "sessions" SET "authenticated_at" = "created_at", "last_seen_at" = "updated_at";--> statement-breakpoint
ALTER TABLE "sensitive_changes" ADD CONSTRAINT "sensitive_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sensitive_changes_token_hash_key" ON "sensitive_changes" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sensitive_changes_user_id_idx" ON "sensitive_changes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_public_id_key" ON "sessions" USING btree ("public_id");