ALTER TABLE "provider_studios" ADD COLUMN "recipient_id" text;--> statement-breakpoint
ALTER TABLE "provider_escrow_releases" ADD COLUMN "recipient_id" text;--> statement-breakpoint
ALTER TABLE "provider_studios" ADD CONSTRAINT "provider_studios_recipient_id_unique" UNIQUE("recipient_id");--> statement-breakpoint
ALTER TABLE "provider_studios" DROP CONSTRAINT "provider_studios_bank_account_id_unique";--> statement-breakpoint
ALTER TABLE "provider_studios" DROP COLUMN "bank_account_id";--> statement-breakpoint
ALTER TABLE "provider_escrow_releases" DROP COLUMN "bank_account_id";