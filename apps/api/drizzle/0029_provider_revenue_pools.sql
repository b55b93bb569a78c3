CREATE TABLE "provider_revenue_payins" (
	"payin_id" text PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"payer_name" text,
	"outcome" text NOT NULL,
	"distribution_id" uuid,
	"refund_id" text,
	"decided_by" uuid,
	"transfers_planned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_revenue_payins_refund_id_unique" UNIQUE("refund_id"),
	CONSTRAINT "provider_revenue_payins_amount_check" CHECK ("provider_revenue_payins"."amount_cents" > 0),
	CONSTRAINT "provider_revenue_payins_outcome_check" CHECK ("provider_revenue_payins"."outcome" in ('funded', 'suspense', 'returned')),
	CONSTRAINT "provider_revenue_payins_funded_names_distribution" CHECK (("provider_revenue_payins"."outcome" = 'funded') = ("provider_revenue_payins"."distribution_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "provider_revenue_transfers" (
	"distribution_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"fees_cents" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"transfer_id" text,
	"asked_at" timestamp with time zone,
	"result_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_revenue_transfers_pkey" PRIMARY KEY("distribution_id","user_id"),
	CONSTRAINT "provider_revenue_transfers_transfer_id_unique" UNIQUE("transfer_id"),
	CONSTRAINT "provider_revenue_transfers_amount_check" CHECK ("provider_revenue_transfers"."amount_cents" > 0 and "provider_revenue_transfers"."fees_cents" >= 0),
	CONSTRAINT "provider_revenue_transfers_status_check" CHECK ("provider_revenue_transfers"."status" in ('planned', 'asked', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "provider_revenue_wallets" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"wallet_id" text NOT NULL,
	"virtual_account_id" text NOT NULL,
	"iban" text NOT NULL,
	"bic" text NOT NULL,
	"holder_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_revenue_wallets_wallet_id_unique" UNIQUE("wallet_id"),
	CONSTRAINT "provider_revenue_wallets_virtual_account_id_unique" UNIQUE("virtual_account_id"),
	CONSTRAINT "provider_revenue_wallets_iban_unique" UNIQUE("iban")
);
--> statement-breakpoint
ALTER TABLE "provider_revenue_payins" ADD CONSTRAINT "provider_revenue_payins_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_revenue_payins" ADD CONSTRAINT "provider_revenue_payins_distribution_id_revenue_distributions_id_fk" FOREIGN KEY ("distribution_id") REFERENCES "public"."revenue_distributions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_revenue_payins" ADD CONSTRAINT "provider_revenue_payins_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_revenue_transfers" ADD CONSTRAINT "provider_revenue_transfers_distribution_id_revenue_distributions_id_fk" FOREIGN KEY ("distribution_id") REFERENCES "public"."revenue_distributions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_revenue_transfers" ADD CONSTRAINT "provider_revenue_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_revenue_transfers" ADD CONSTRAINT "provider_revenue_transfers_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_revenue_wallets" ADD CONSTRAINT "provider_revenue_wallets_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_revenue_payins_distribution_key" ON "provider_revenue_payins" USING btree ("distribution_id");--> statement-breakpoint
CREATE INDEX "provider_revenue_payins_campaign_idx" ON "provider_revenue_payins" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "provider_revenue_payins_decided_by_idx" ON "provider_revenue_payins" USING btree ("decided_by");--> statement-breakpoint
CREATE INDEX "provider_revenue_payins_suspense_idx" ON "provider_revenue_payins" USING btree ("created_at") WHERE "provider_revenue_payins"."outcome" = 'suspense';--> statement-breakpoint
CREATE INDEX "provider_revenue_transfers_user_idx" ON "provider_revenue_transfers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "provider_revenue_transfers_campaign_idx" ON "provider_revenue_transfers" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "provider_revenue_transfers_open_idx" ON "provider_revenue_transfers" USING btree ("created_at") WHERE "provider_revenue_transfers"."status" in ('planned', 'asked');