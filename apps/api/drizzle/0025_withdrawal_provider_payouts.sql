ALTER TABLE "withdrawals" ADD COLUMN "holder_address" jsonb;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "provider_payout_id" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_provider_payout_id_unique" UNIQUE("provider_payout_id");