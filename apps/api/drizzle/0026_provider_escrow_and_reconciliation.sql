CREATE TABLE "provider_escrow_transfers" (
	"investment_id" uuid PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"transfer_id" text,
	"amount_cents" bigint NOT NULL,
	"status" text NOT NULL,
	"result_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_escrow_transfers_transfer_id_unique" UNIQUE("transfer_id"),
	CONSTRAINT "provider_escrow_transfers_amount_check" CHECK ("provider_escrow_transfers"."amount_cents" > 0),
	CONSTRAINT "provider_escrow_transfers_status_check" CHECK ("provider_escrow_transfers"."status" in ('asked', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "provider_escrow_wallets" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"wallet_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_escrow_wallets_wallet_id_unique" UNIQUE("wallet_id")
);
--> statement-breakpoint
CREATE TABLE "provider_reconciliations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger" text NOT NULL,
	"actor_id" uuid,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accounts_checked" integer NOT NULL,
	"transactions_checked" integer NOT NULL,
	"ok" boolean NOT NULL,
	"differences" jsonb NOT NULL,
	CONSTRAINT "provider_reconciliations_trigger_check" CHECK ("provider_reconciliations"."trigger" in ('nightly', 'manual'))
);
--> statement-breakpoint
ALTER TABLE "provider_escrow_transfers" ADD CONSTRAINT "provider_escrow_transfers_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_escrow_transfers" ADD CONSTRAINT "provider_escrow_transfers_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_escrow_wallets" ADD CONSTRAINT "provider_escrow_wallets_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_reconciliations" ADD CONSTRAINT "provider_reconciliations_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_escrow_transfers_campaign_idx" ON "provider_escrow_transfers" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "provider_reconciliations_started_idx" ON "provider_reconciliations" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "provider_reconciliations_actor_idx" ON "provider_reconciliations" USING btree ("actor_id");