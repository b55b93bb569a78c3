CREATE TABLE "member_identities" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"provider_user_id" text,
	"status" text DEFAULT 'not_started' NOT NULL,
	"session_id" text,
	"attempts" bigint DEFAULT 0 NOT NULL,
	"reason" text,
	"verified_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_identities_provider_user_id_unique" UNIQUE("provider_user_id"),
	CONSTRAINT "member_identities_status_check" CHECK ("member_identities"."status" in ('not_started', 'pending', 'verified', 'refused', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "provider_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"wallet_id" text NOT NULL,
	"virtual_account_id" text NOT NULL,
	"iban" text NOT NULL,
	"bic" text NOT NULL,
	"holder_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_accounts_wallet_id_unique" UNIQUE("wallet_id"),
	CONSTRAINT "provider_accounts_virtual_account_id_unique" UNIQUE("virtual_account_id"),
	CONSTRAINT "provider_accounts_iban_unique" UNIQUE("iban")
);
--> statement-breakpoint
CREATE TABLE "provider_payins" (
	"payin_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"amount_cents" bigint NOT NULL,
	"payer_name" text,
	"outcome" text NOT NULL,
	"deposit_id" uuid,
	"refund_id" text,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_payins_amount_check" CHECK ("provider_payins"."amount_cents" > 0),
	CONSTRAINT "provider_payins_outcome_check" CHECK ("provider_payins"."outcome" in ('credited', 'suspense', 'assigned', 'returned'))
);
--> statement-breakpoint
ALTER TABLE "member_identities" ADD CONSTRAINT "member_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_accounts" ADD CONSTRAINT "provider_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_payins" ADD CONSTRAINT "provider_payins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_payins" ADD CONSTRAINT "provider_payins_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_payins" ADD CONSTRAINT "provider_payins_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_payins_user_idx" ON "provider_payins" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "provider_payins_deposit_idx" ON "provider_payins" USING btree ("deposit_id");--> statement-breakpoint
CREATE INDEX "provider_payins_decided_by_idx" ON "provider_payins" USING btree ("decided_by");--> statement-breakpoint
CREATE INDEX "provider_payins_suspense_idx" ON "provider_payins" USING btree ("created_at") WHERE "provider_payins"."outcome" = 'suspense';