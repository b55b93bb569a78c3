CREATE TABLE "provider_studio_kyb" (
	"kyb_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"document_id" text,
	"document_status" text,
	"declaration_id" text,
	"ubos_sent" integer DEFAULT 0 NOT NULL,
	"declaration_status" text,
	"refused" text,
	"reason_type" text,
	"reason_message" text,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_studio_kyb_document_id_unique" UNIQUE("document_id"),
	CONSTRAINT "provider_studio_kyb_declaration_id_unique" UNIQUE("declaration_id"),
	CONSTRAINT "provider_studio_kyb_refused_valid" CHECK ("provider_studio_kyb"."refused" in ('document', 'declaration'))
);
--> statement-breakpoint
CREATE TABLE "provider_studios" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"provider_user_id" text NOT NULL,
	"wallet_id" text,
	"bank_account_id" text,
	"iban" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_studios_provider_user_id_unique" UNIQUE("provider_user_id"),
	CONSTRAINT "provider_studios_wallet_id_unique" UNIQUE("wallet_id"),
	CONSTRAINT "provider_studios_bank_account_id_unique" UNIQUE("bank_account_id")
);
--> statement-breakpoint
ALTER TABLE "studio_kyb" ADD COLUMN "registered_office" jsonb;--> statement-breakpoint
ALTER TABLE "studio_kyb" ADD COLUMN "representative_residence" text;--> statement-breakpoint
ALTER TABLE "studio_kyb" ADD COLUMN "payout_iban" text;--> statement-breakpoint
ALTER TABLE "provider_studio_kyb" ADD CONSTRAINT "provider_studio_kyb_kyb_id_studio_kyb_id_fk" FOREIGN KEY ("kyb_id") REFERENCES "public"."studio_kyb"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_studio_kyb" ADD CONSTRAINT "provider_studio_kyb_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_studios" ADD CONSTRAINT "provider_studios_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_studio_kyb_user_idx" ON "provider_studio_kyb" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "provider_studio_kyb_unsent_idx" ON "provider_studio_kyb" USING btree ("created_at") WHERE "provider_studio_kyb"."sent_at" is null;