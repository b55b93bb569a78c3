CREATE TABLE "provider_escrow_releases" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"studio_user_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"fee_cents" bigint NOT NULL,
	"status" text NOT NULL,
	"transfer_id" text,
	"payout_id" text,
	"bank_account_id" text,
	"result_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_escrow_releases_transfer_id_unique" UNIQUE("transfer_id"),
	CONSTRAINT "provider_escrow_releases_payout_id_unique" UNIQUE("payout_id"),
	CONSTRAINT "provider_escrow_releases_amount_check" CHECK ("provider_escrow_releases"."amount_cents" > 0),
	CONSTRAINT "provider_escrow_releases_fee_check" CHECK ("provider_escrow_releases"."fee_cents" >= 0 and "provider_escrow_releases"."fee_cents" < "provider_escrow_releases"."amount_cents"),
	CONSTRAINT "provider_escrow_releases_status_check" CHECK ("provider_escrow_releases"."status" in ('asked', 'transferred', 'paying', 'paid', 'transfer_failed', 'payout_failed'))
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "success_fee_bps" integer;--> statement-breakpoint
ALTER TABLE "provider_escrow_releases" ADD CONSTRAINT "provider_escrow_releases_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_escrow_releases" ADD CONSTRAINT "provider_escrow_releases_studio_user_id_users_id_fk" FOREIGN KEY ("studio_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_escrow_releases_studio_idx" ON "provider_escrow_releases" USING btree ("studio_user_id");--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_success_fee_valid" CHECK ("campaigns"."success_fee_bps" is null or ("campaigns"."success_fee_bps" >= 0 and "campaigns"."success_fee_bps" <= 10000));