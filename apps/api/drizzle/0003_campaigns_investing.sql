CREATE TABLE "campaign_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" uuid,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_services" (
	"campaign_id" uuid NOT NULL,
	"service" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_services_campaign_id_service_pk" PRIMARY KEY("campaign_id","service"),
	CONSTRAINT "campaign_services_status_valid" CHECK ("campaign_services"."status" in ('pending', 'in_progress', 'done'))
);
--> statement-breakpoint
CREATE TABLE "campaign_watchers" (
	"campaign_id" uuid NOT NULL,
	"email" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_watchers_campaign_id_email_pk" PRIMARY KEY("campaign_id","email")
);
--> statement-breakpoint
CREATE TABLE "deposit_references" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_references_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"bank_transaction_id" text NOT NULL,
	"value_date" date NOT NULL,
	"payer_name" text,
	"transfer_id" bigint NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposits_amount_positive" CHECK ("deposits"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "investments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"investor_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'reserved' NOT NULL,
	"reserve_transfer_id" bigint NOT NULL,
	"settle_transfer_id" bigint,
	"reflection_ends_at" timestamp with time zone NOT NULL,
	"acknowledged_at" timestamp with time zone NOT NULL,
	"high_amount_consent_at" timestamp with time zone,
	"idempotency_key" text,
	"request_hash" text,
	"revoked_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investments_amount_positive" CHECK ("investments"."amount_cents" > 0),
	CONSTRAINT "investments_currency_valid" CHECK ("investments"."currency" in ('EUR', 'DEMO')),
	CONSTRAINT "investments_status_valid" CHECK ("investments"."status" in ('reserved', 'revoked', 'posted', 'refunded')),
	CONSTRAINT "investments_final_state_settled" CHECK (("investments"."status" = 'reserved') = ("investments"."settle_transfer_id" is null))
);
--> statement-breakpoint
CREATE TABLE "investor_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"knowledge_answers" jsonb,
	"knowledge_passed" boolean DEFAULT false NOT NULL,
	"knowledge_taken_at" timestamp with time zone,
	"knowledge_valid_until" timestamp with time zone,
	"annual_income_cents" bigint,
	"liquid_assets_cents" bigint,
	"annual_commitments_cents" bigint,
	"net_worth_cents" bigint,
	"investor_class" text DEFAULT 'non_sophisticated' NOT NULL,
	"sophisticated_request" text DEFAULT 'none' NOT NULL,
	"sophisticated_reason" text,
	"sophisticated_requested_at" timestamp with time zone,
	"sophisticated_decided_by" uuid,
	"sophisticated_decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investor_profiles_class_valid" CHECK ("investor_profiles"."investor_class" in ('non_sophisticated', 'sophisticated')),
	CONSTRAINT "investor_profiles_request_valid" CHECK ("investor_profiles"."sophisticated_request" in ('none', 'requested', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_state_valid" CHECK ("jobs"."state" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"iban" text NOT NULL,
	"account_holder" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reserve_transfer_id" bigint NOT NULL,
	"settle_transfer_id" bigint,
	"bank_reference" text,
	"note" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount_cents" > 0),
	CONSTRAINT "withdrawals_status_valid" CHECK ("withdrawals"."status" in ('requested', 'paid', 'rejected', 'cancelled')),
	CONSTRAINT "withdrawals_final_state_settled" CHECK (("withdrawals"."status" = 'requested') = ("withdrawals"."settle_transfer_id" is null))
);
--> statement-breakpoint
ALTER TABLE "campaigns" DROP CONSTRAINT "campaigns_status_valid";--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "genre" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "summary_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "summary_it" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "story_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "story_it" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "risks_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "risks_it" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "use_of_funds_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "use_of_funds_it" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "services" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "cover_image" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "max_cents" bigint;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "min_ticket_cents" bigint DEFAULT 5000 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "committed_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "investor_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "revenue_share_bps" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "term_months" integer DEFAULT 36 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "deadline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "reflection_seconds" integer DEFAULT 345600 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "launched_on" date;--> statement-breakpoint
ALTER TABLE "campaign_events" ADD CONSTRAINT "campaign_events_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_events" ADD CONSTRAINT "campaign_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_services" ADD CONSTRAINT "campaign_services_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_services" ADD CONSTRAINT "campaign_services_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_watchers" ADD CONSTRAINT "campaign_watchers_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_references" ADD CONSTRAINT "deposit_references_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_investor_id_users_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_profiles" ADD CONSTRAINT "investor_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_profiles" ADD CONSTRAINT "investor_profiles_sophisticated_decided_by_users_id_fk" FOREIGN KEY ("sophisticated_decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_events_campaign_idx" ON "campaign_events" USING btree ("campaign_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_bank_transaction_key" ON "deposits" USING btree ("bank_transaction_id");--> statement-breakpoint
CREATE INDEX "deposits_user_idx" ON "deposits" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "investments_campaign_idx" ON "investments" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "investments_investor_idx" ON "investments" USING btree ("investor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "investments_reserve_transfer_key" ON "investments" USING btree ("reserve_transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "investments_idempotency_key" ON "investments" USING btree ("investor_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key" ON "jobs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("state","run_at");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_reserve_transfer_key" ON "withdrawals" USING btree ("reserve_transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_slug_key" ON "campaigns" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "campaigns_status_idx" ON "campaigns" USING btree ("status","deadline_at");--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_cap_at_least_goal" CHECK ("campaigns"."max_cents" is null or "campaigns"."max_cents" >= "campaigns"."goal_cents");--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_min_ticket_positive" CHECK ("campaigns"."min_ticket_cents" > 0);--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_committed_within_cap" CHECK ("campaigns"."committed_cents" >= 0 and ("campaigns"."max_cents" is null or "campaigns"."committed_cents" <= "campaigns"."max_cents"));--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_investor_count_non_negative" CHECK ("campaigns"."investor_count" >= 0);--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_share_valid" CHECK ("campaigns"."revenue_share_bps" is null or ("campaigns"."revenue_share_bps" > 0 and "campaigns"."revenue_share_bps" <= 10000));--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_term_positive" CHECK ("campaigns"."term_months" > 0);--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_reflection_non_negative" CHECK ("campaigns"."reflection_seconds" >= 0);--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_deadline_after_start" CHECK ("campaigns"."starts_at" is null or "campaigns"."deadline_at" is null or "campaigns"."deadline_at" > "campaigns"."starts_at");--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_complete_when_published" CHECK ("campaigns"."status" in ('draft', 'cancelled') or ("campaigns"."slug" is not null and "campaigns"."max_cents" is not null and "campaigns"."revenue_share_bps" is not null and "campaigns"."starts_at" is not null and "campaigns"."deadline_at" is not null));--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_status_valid" CHECK ("campaigns"."status" in ('draft', 'scheduled', 'live', 'closing', 'funded', 'failed', 'services_active', 'launched', 'completed', 'cancelled'));