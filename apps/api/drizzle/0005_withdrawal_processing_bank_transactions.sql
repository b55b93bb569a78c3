CREATE TABLE "bank_transactions" (
	"bank_transaction_id" text PRIMARY KEY NOT NULL,
	"used_for" text NOT NULL,
	"deposit_id" uuid,
	"distribution_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_transactions_used_for_valid" CHECK ("bank_transactions"."used_for" in ('deposit', 'revenue_funding')),
	CONSTRAINT "bank_transactions_names_its_row" CHECK (("bank_transactions"."used_for" = 'deposit') = ("bank_transactions"."deposit_id" is not null) and ("bank_transactions"."used_for" = 'revenue_funding') = ("bank_transactions"."distribution_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_status_valid";--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_final_state_settled";--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_distribution_id_revenue_distributions_id_fk" FOREIGN KEY ("distribution_id") REFERENCES "public"."revenue_distributions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transactions_deposit_key" ON "bank_transactions" USING btree ("deposit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transactions_distribution_key" ON "bank_transactions" USING btree ("distribution_id");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status_valid" CHECK ("withdrawals"."status" in ('requested', 'processing', 'paid', 'rejected', 'cancelled'));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_final_state_settled" CHECK (("withdrawals"."status" in ('requested', 'processing')) = ("withdrawals"."settle_transfer_id" is null));--> statement-breakpoint
-- Backfill: every bank transaction id already used, by a deposit or by a developer's payment of a
-- revenue pool. Should one id have been used by both before this table existed, the deposit keeps
-- the claim; the distribution still names the id in its own column.
INSERT INTO "bank_transactions" ("bank_transaction_id", "used_for", "deposit_id", "created_at")
SELECT "bank_transaction_id", 'deposit', "id", "created_at" FROM "deposits";--> statement-breakpoint
INSERT INTO "bank_transactions" ("bank_transaction_id", "used_for", "distribution_id", "created_at")
SELECT "bank_transaction_id", 'revenue_funding', "id", coalesce("funded_at", "updated_at")
FROM "revenue_distributions"
WHERE "bank_transaction_id" IS NOT NULL
ON CONFLICT ("bank_transaction_id") DO NOTHING;
