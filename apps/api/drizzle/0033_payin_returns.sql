ALTER TABLE "provider_revenue_payins" DROP CONSTRAINT "provider_revenue_payins_outcome_check";--> statement-breakpoint
ALTER TABLE "provider_payins" DROP CONSTRAINT "provider_payins_outcome_check";--> statement-breakpoint
DROP INDEX "provider_revenue_payins_suspense_idx";--> statement-breakpoint
DROP INDEX "provider_payins_suspense_idx";--> statement-breakpoint
ALTER TABLE "provider_revenue_payins" ADD COLUMN "payer_iban" text;--> statement-breakpoint
ALTER TABLE "provider_revenue_payins" ADD COLUMN "return_attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_revenue_payins" ADD COLUMN "return_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provider_revenue_payins" ADD COLUMN "return_payout_id" text;--> statement-breakpoint
ALTER TABLE "provider_revenue_payins" ADD COLUMN "return_failure" text;--> statement-breakpoint
ALTER TABLE "provider_payins" ADD COLUMN "payer_iban" text;--> statement-breakpoint
ALTER TABLE "provider_payins" ADD COLUMN "return_attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_payins" ADD COLUMN "return_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provider_payins" ADD COLUMN "return_payout_id" text;--> statement-breakpoint
ALTER TABLE "provider_payins" ADD COLUMN "return_failure" text;--> statement-breakpoint
CREATE INDEX "provider_revenue_payins_suspense_idx" ON "provider_revenue_payins" USING btree ("created_at") WHERE "provider_revenue_payins"."outcome" in ('suspense', 'returning');--> statement-breakpoint
CREATE INDEX "provider_payins_suspense_idx" ON "provider_payins" USING btree ("created_at") WHERE "provider_payins"."outcome" in ('suspense', 'returning');--> statement-breakpoint
ALTER TABLE "provider_revenue_payins" ADD CONSTRAINT "provider_revenue_payins_return_payout_id_unique" UNIQUE("return_payout_id");--> statement-breakpoint
ALTER TABLE "provider_payins" ADD CONSTRAINT "provider_payins_return_payout_id_unique" UNIQUE("return_payout_id");--> statement-breakpoint
ALTER TABLE "provider_revenue_payins" ADD CONSTRAINT "provider_revenue_payins_returning_payout" CHECK ("provider_revenue_payins"."outcome" <> 'returning' or "provider_revenue_payins"."return_payout_id" is not null);--> statement-breakpoint
ALTER TABLE "provider_revenue_payins" ADD CONSTRAINT "provider_revenue_payins_outcome_check" CHECK ("provider_revenue_payins"."outcome" in ('funded', 'suspense', 'returning', 'returned'));--> statement-breakpoint
ALTER TABLE "provider_payins" ADD CONSTRAINT "provider_payins_returning_payout" CHECK ("provider_payins"."outcome" <> 'returning' or "provider_payins"."return_payout_id" is not null);--> statement-breakpoint
ALTER TABLE "provider_payins" ADD CONSTRAINT "provider_payins_outcome_check" CHECK ("provider_payins"."outcome" in ('credited', 'suspense', 'assigned', 'returning', 'returned'));