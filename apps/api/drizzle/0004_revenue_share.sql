CREATE TABLE "revenue_distributions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"currency" text NOT NULL,
	"share_bps" integer NOT NULL,
	"platform_share_bps" integer NOT NULL,
	"net_cents" bigint NOT NULL,
	"pool_due_cents" bigint NOT NULL,
	"carried_in_cents" bigint DEFAULT 0 NOT NULL,
	"carried_out_cents" bigint DEFAULT 0 NOT NULL,
	"pool_cents" bigint NOT NULL,
	"platform_cents" bigint NOT NULL,
	"investors_cents" bigint NOT NULL,
	"suspense_cents" bigint DEFAULT 0 NOT NULL,
	"investor_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'awaiting_funds' NOT NULL,
	"bank_transaction_id" text,
	"funding_transfer_id" bigint,
	"funded_by" uuid,
	"funded_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revenue_distributions_status_valid" CHECK ("revenue_distributions"."status" in ('awaiting_funds', 'funded', 'paid')),
	CONSTRAINT "revenue_distributions_currency_valid" CHECK ("revenue_distributions"."currency" in ('EUR', 'DEMO')),
	CONSTRAINT "revenue_distributions_pool_not_negative" CHECK ("revenue_distributions"."pool_cents" >= 0 and "revenue_distributions"."carried_out_cents" <= 0 and "revenue_distributions"."carried_in_cents" <= 0),
	CONSTRAINT "revenue_distributions_pool_split" CHECK ("revenue_distributions"."platform_cents" + "revenue_distributions"."investors_cents" = "revenue_distributions"."pool_cents"),
	CONSTRAINT "revenue_distributions_carry" CHECK ("revenue_distributions"."pool_cents" + "revenue_distributions"."carried_out_cents" = "revenue_distributions"."pool_due_cents" + "revenue_distributions"."carried_in_cents")
);
--> statement-breakpoint
CREATE TABLE "revenue_payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"distribution_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"invested_cents" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"to_suspense" boolean DEFAULT false NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revenue_payouts_amount_not_negative" CHECK ("revenue_payouts"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "revenue_reminders" (
	"campaign_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revenue_report_lines" (
	"report_id" uuid NOT NULL,
	"store" text NOT NULL,
	"gross_cents" bigint NOT NULL,
	"store_fees_cents" bigint NOT NULL,
	"refunds_cents" bigint NOT NULL,
	"taxes_cents" bigint NOT NULL,
	CONSTRAINT "revenue_report_lines_store_valid" CHECK ("revenue_report_lines"."store" in ('steam', 'playstation', 'xbox', 'nintendo', 'meta', 'epic', 'other'))
);
--> statement-breakpoint
CREATE TABLE "revenue_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"kind" text DEFAULT 'regular' NOT NULL,
	"adjusts_report_id" uuid,
	"period_kind" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"currency" text NOT NULL,
	"gross_cents" bigint NOT NULL,
	"store_fees_cents" bigint NOT NULL,
	"refunds_cents" bigint NOT NULL,
	"taxes_cents" bigint NOT NULL,
	"net_cents" bigint NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"review_comment" text,
	"statement_key" text,
	"statement_name" text,
	"statement_type" text,
	"generated" boolean DEFAULT false NOT NULL,
	"submitted_by" uuid,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_by" uuid,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revenue_reports_kind_valid" CHECK ("revenue_reports"."kind" in ('regular', 'adjustment')),
	CONSTRAINT "revenue_reports_period_kind_valid" CHECK ("revenue_reports"."period_kind" in ('month', 'quarter')),
	CONSTRAINT "revenue_reports_status_valid" CHECK ("revenue_reports"."status" in ('submitted', 'returned', 'verified')),
	CONSTRAINT "revenue_reports_currency_valid" CHECK ("revenue_reports"."currency" in ('EUR', 'DEMO')),
	CONSTRAINT "revenue_reports_period_order" CHECK ("revenue_reports"."period_end" >= "revenue_reports"."period_start"),
	CONSTRAINT "revenue_reports_adjustment_names_report" CHECK (("revenue_reports"."kind" = 'adjustment') = ("revenue_reports"."adjusts_report_id" is not null)),
	CONSTRAINT "revenue_reports_net_is_sum" CHECK ("revenue_reports"."net_cents" = "revenue_reports"."gross_cents" - "revenue_reports"."store_fees_cents" - "revenue_reports"."refunds_cents" - "revenue_reports"."taxes_cents"),
	CONSTRAINT "revenue_reports_regular_not_negative" CHECK ("revenue_reports"."kind" = 'adjustment' or ("revenue_reports"."gross_cents" >= 0 and "revenue_reports"."store_fees_cents" >= 0 and "revenue_reports"."refunds_cents" >= 0 and "revenue_reports"."taxes_cents" >= 0)),
	CONSTRAINT "revenue_reports_verified_has_verifier" CHECK (("revenue_reports"."status" = 'verified') = ("revenue_reports"."verified_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_valid";--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "platform_share_bps" integer;--> statement-breakpoint
ALTER TABLE "revenue_distributions" ADD CONSTRAINT "revenue_distributions_report_id_revenue_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."revenue_reports"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_distributions" ADD CONSTRAINT "revenue_distributions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_distributions" ADD CONSTRAINT "revenue_distributions_funded_by_users_id_fk" FOREIGN KEY ("funded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_payouts" ADD CONSTRAINT "revenue_payouts_distribution_id_revenue_distributions_id_fk" FOREIGN KEY ("distribution_id") REFERENCES "public"."revenue_distributions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_payouts" ADD CONSTRAINT "revenue_payouts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_payouts" ADD CONSTRAINT "revenue_payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_reminders" ADD CONSTRAINT "revenue_reminders_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_report_lines" ADD CONSTRAINT "revenue_report_lines_report_id_revenue_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."revenue_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_reports" ADD CONSTRAINT "revenue_reports_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_reports" ADD CONSTRAINT "revenue_reports_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_reports" ADD CONSTRAINT "revenue_reports_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_reports" ADD CONSTRAINT "revenue_reports_adjusts_fk" FOREIGN KEY ("adjusts_report_id") REFERENCES "public"."revenue_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "revenue_distributions_report_key" ON "revenue_distributions" USING btree ("report_id");--> statement-breakpoint
CREATE UNIQUE INDEX "revenue_distributions_sequence_key" ON "revenue_distributions" USING btree ("campaign_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "revenue_distributions_bank_tx_key" ON "revenue_distributions" USING btree ("bank_transaction_id");--> statement-breakpoint
CREATE INDEX "revenue_distributions_status_idx" ON "revenue_distributions" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "revenue_payouts_once_key" ON "revenue_payouts" USING btree ("distribution_id","user_id");--> statement-breakpoint
CREATE INDEX "revenue_payouts_user_idx" ON "revenue_payouts" USING btree ("user_id","campaign_id");--> statement-breakpoint
CREATE INDEX "revenue_payouts_unnotified_idx" ON "revenue_payouts" USING btree ("distribution_id") WHERE "revenue_payouts"."notified_at" is null and not "revenue_payouts"."to_suspense";--> statement-breakpoint
CREATE UNIQUE INDEX "revenue_reminders_once_key" ON "revenue_reminders" USING btree ("campaign_id","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "revenue_report_lines_store_key" ON "revenue_report_lines" USING btree ("report_id","store");--> statement-breakpoint
CREATE INDEX "revenue_reports_campaign_idx" ON "revenue_reports" USING btree ("campaign_id","period_start");--> statement-breakpoint
CREATE INDEX "revenue_reports_status_idx" ON "revenue_reports" USING btree ("status","submitted_at");--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_platform_share_valid" CHECK ("campaigns"."platform_share_bps" is null or ("campaigns"."platform_share_bps" >= 0 and "campaigns"."platform_share_bps" <= 10000));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_valid" CHECK ("ledger_accounts"."kind" in ('wallet', 'escrow', 'platform', 'world', 'demo_mint', 'suspense', 'revenue'));