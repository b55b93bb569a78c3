CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"user_id" uuid,
	"campaign_id" uuid,
	"may_go_negative" boolean DEFAULT false NOT NULL,
	"debits_posted" bigint DEFAULT 0 NOT NULL,
	"credits_posted" bigint DEFAULT 0 NOT NULL,
	"debits_pending" bigint DEFAULT 0 NOT NULL,
	"credits_pending" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_id_currency_key" UNIQUE("id","currency"),
	CONSTRAINT "ledger_accounts_kind_valid" CHECK ("ledger_accounts"."kind" in ('wallet', 'escrow', 'platform', 'world', 'demo_mint', 'suspense')),
	CONSTRAINT "ledger_accounts_currency_valid" CHECK ("ledger_accounts"."currency" in ('EUR', 'DEMO')),
	CONSTRAINT "ledger_accounts_totals_non_negative" CHECK ("ledger_accounts"."debits_posted" >= 0 and "ledger_accounts"."credits_posted" >= 0 and "ledger_accounts"."debits_pending" >= 0 and "ledger_accounts"."credits_pending" >= 0),
	CONSTRAINT "ledger_accounts_no_overdraft" CHECK ("ledger_accounts"."may_go_negative" or "ledger_accounts"."debits_posted" + "ledger_accounts"."debits_pending" <= "ledger_accounts"."credits_posted")
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"debit_account_id" uuid NOT NULL,
	"credit_account_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"phase" text NOT NULL,
	"pending_id" bigint,
	"reference" text,
	"idempotency_key" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfers_amount_positive" CHECK ("ledger_transfers"."amount" > 0),
	CONSTRAINT "ledger_transfers_two_accounts" CHECK ("ledger_transfers"."debit_account_id" <> "ledger_transfers"."credit_account_id"),
	CONSTRAINT "ledger_transfers_phase_valid" CHECK ("ledger_transfers"."phase" in ('single', 'pending', 'post', 'void')),
	CONSTRAINT "ledger_transfers_settlement_names_pending" CHECK (("ledger_transfers"."phase" in ('post', 'void')) = ("ledger_transfers"."pending_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "oauth_flows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"state_hash" text NOT NULL,
	"browser_hash" text NOT NULL,
	"code_verifier" text NOT NULL,
	"purpose" text NOT NULL,
	"user_id" uuid,
	"return_to" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_flows_provider_valid" CHECK ("oauth_flows"."provider" in ('discord')),
	CONSTRAINT "oauth_flows_purpose_valid" CHECK ("oauth_flows"."purpose" in ('login', 'link'))
);
--> statement-breakpoint
CREATE TABLE "oauth_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"email" text,
	"display_name" text,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_identities_provider_valid" CHECK ("oauth_identities"."provider" in ('google', 'discord'))
);
--> statement-breakpoint
CREATE TABLE "oauth_references" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"ref_hash" text NOT NULL,
	"browser_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"user_id" uuid,
	"subject" text NOT NULL,
	"email" text,
	"email_verified" boolean DEFAULT false NOT NULL,
	"username" text NOT NULL,
	"display_name" text,
	"avatar" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_references_provider_valid" CHECK ("oauth_references"."provider" in ('discord')),
	CONSTRAINT "oauth_references_purpose_valid" CHECK ("oauth_references"."purpose" in ('login', 'link'))
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pitch_id" uuid,
	"developer_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"title" text NOT NULL,
	"platforms" text[] NOT NULL,
	"goal_cents" bigint NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"trailer_url" text,
	"expected_release_date" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_status_valid" CHECK ("campaigns"."status" in ('draft')),
	CONSTRAINT "campaigns_goal_non_negative" CHECK ("campaigns"."goal_cents" >= 0),
	CONSTRAINT "campaigns_currency_valid" CHECK ("campaigns"."currency" in ('EUR', 'DEMO'))
);
--> statement-breakpoint
CREATE TABLE "pitch_assignments" (
	"pitch_id" uuid NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"assigned_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pitch_assignments_pitch_id_reviewer_id_pk" PRIMARY KEY("pitch_id","reviewer_id")
);
--> statement-breakpoint
CREATE TABLE "pitch_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"asked_for_contact" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"called_at" timestamp with time zone,
	"called_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pitch_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pitch_id" uuid NOT NULL,
	"actor_id" uuid,
	"from_status" text,
	"to_status" text NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pitch_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pitch_id" uuid NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"team" smallint NOT NULL,
	"game" smallint NOT NULL,
	"market" smallint NOT NULL,
	"budget_realism" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pitch_reviews_scores_valid" CHECK ("pitch_reviews"."team" between 1 and 5 and "pitch_reviews"."game" between 1 and 5 and "pitch_reviews"."market" between 1 and 5 and "pitch_reviews"."budget_realism" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "pitches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"project_name" text NOT NULL,
	"production_budget_cents" bigint NOT NULL,
	"required_funding_cents" bigint DEFAULT 0 NOT NULL,
	"platforms" text[] NOT NULL,
	"is_debut_title" boolean DEFAULT false NOT NULL,
	"expected_release_date" date NOT NULL,
	"looking_for" text[] NOT NULL,
	"plan_to_choose_publisher" boolean DEFAULT false NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"trailer_link" text,
	"demo_link" text,
	"pitch_password_enc" text,
	"pdf_key" text NOT NULL,
	"pdf_bytes" integer NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"decision_message" text,
	"revision" integer DEFAULT 1 NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pitches_status_valid" CHECK ("pitches"."status" in ('submitted', 'in_review', 'changes_requested', 'approved', 'rejected')),
	CONSTRAINT "pitches_budget_non_negative" CHECK ("pitches"."production_budget_cents" >= 0),
	CONSTRAINT "pitches_funding_non_negative" CHECK ("pitches"."required_funding_cents" >= 0),
	CONSTRAINT "pitches_platforms_valid" CHECK (cardinality("pitches"."platforms") >= 1),
	CONSTRAINT "pitches_looking_for_valid" CHECK (cardinality("pitches"."looking_for") >= 1 and "pitches"."looking_for" <@ array['funding','services','hr']::text[])
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_role" text;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_debit_fk" FOREIGN KEY ("debit_account_id","currency") REFERENCES "public"."ledger_accounts"("id","currency") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_credit_fk" FOREIGN KEY ("credit_account_id","currency") REFERENCES "public"."ledger_accounts"("id","currency") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_pending_fk" FOREIGN KEY ("pending_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_flows" ADD CONSTRAINT "oauth_flows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_identities" ADD CONSTRAINT "oauth_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_references" ADD CONSTRAINT "oauth_references_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_pitch_id_pitches_id_fk" FOREIGN KEY ("pitch_id") REFERENCES "public"."pitches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_developer_id_users_id_fk" FOREIGN KEY ("developer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitch_assignments" ADD CONSTRAINT "pitch_assignments_pitch_id_pitches_id_fk" FOREIGN KEY ("pitch_id") REFERENCES "public"."pitches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitch_assignments" ADD CONSTRAINT "pitch_assignments_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitch_assignments" ADD CONSTRAINT "pitch_assignments_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitch_contacts" ADD CONSTRAINT "pitch_contacts_called_by_users_id_fk" FOREIGN KEY ("called_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitch_events" ADD CONSTRAINT "pitch_events_pitch_id_pitches_id_fk" FOREIGN KEY ("pitch_id") REFERENCES "public"."pitches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitch_events" ADD CONSTRAINT "pitch_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitch_reviews" ADD CONSTRAINT "pitch_reviews_pitch_id_pitches_id_fk" FOREIGN KEY ("pitch_id") REFERENCES "public"."pitches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitch_reviews" ADD CONSTRAINT "pitch_reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitches" ADD CONSTRAINT "pitches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_code_key" ON "ledger_accounts" USING btree ("code");--> statement-breakpoint
CREATE INDEX "ledger_accounts_user_idx" ON "ledger_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ledger_accounts_campaign_idx" ON "ledger_accounts" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit_idx" ON "ledger_transfers" USING btree ("debit_account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit_idx" ON "ledger_transfers" USING btree ("credit_account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_reference_idx" ON "ledger_transfers" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "ledger_transfers_created_by_idx" ON "ledger_transfers" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_idempotency_key" ON "ledger_transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_settles_once" ON "ledger_transfers" USING btree ("pending_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_flows_state_hash_key" ON "oauth_flows" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "oauth_flows_user_id_idx" ON "oauth_flows" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "oauth_flows_expires_at_idx" ON "oauth_flows" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_identities_provider_subject_key" ON "oauth_identities" USING btree ("provider","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_identities_user_provider_key" ON "oauth_identities" USING btree ("user_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_references_ref_hash_key" ON "oauth_references" USING btree ("ref_hash");--> statement-breakpoint
CREATE INDEX "oauth_references_user_id_idx" ON "oauth_references" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "oauth_references_expires_at_idx" ON "oauth_references" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_pitch_key" ON "campaigns" USING btree ("pitch_id");--> statement-breakpoint
CREATE INDEX "campaigns_developer_idx" ON "campaigns" USING btree ("developer_id");--> statement-breakpoint
CREATE INDEX "campaigns_created_by_idx" ON "campaigns" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "pitch_assignments_reviewer_idx" ON "pitch_assignments" USING btree ("reviewer_id");--> statement-breakpoint
CREATE INDEX "pitch_assignments_assigned_by_idx" ON "pitch_assignments" USING btree ("assigned_by");--> statement-breakpoint
CREATE INDEX "pitch_contacts_call_list_idx" ON "pitch_contacts" USING btree ("asked_for_contact","created_at");--> statement-breakpoint
CREATE INDEX "pitch_contacts_email_idx" ON "pitch_contacts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "pitch_contacts_called_by_idx" ON "pitch_contacts" USING btree ("called_by");--> statement-breakpoint
CREATE INDEX "pitch_events_pitch_idx" ON "pitch_events" USING btree ("pitch_id","created_at");--> statement-breakpoint
CREATE INDEX "pitch_events_actor_idx" ON "pitch_events" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "pitch_events_created_idx" ON "pitch_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pitch_reviews_one_per_revision_key" ON "pitch_reviews" USING btree ("pitch_id","reviewer_id","revision");--> statement-breakpoint
CREATE INDEX "pitch_reviews_reviewer_idx" ON "pitch_reviews" USING btree ("reviewer_id");--> statement-breakpoint
CREATE INDEX "pitches_user_id_idx" ON "pitches" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pitches_email_idx" ON "pitches" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "pitches_status_idx" ON "pitches" USING btree ("status","submitted_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_valid" CHECK ("users"."staff_role" in ('admin', 'reviewer'));