CREATE TABLE "provider_recipients" (
	"recipient_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"provider_user_id" text NOT NULL,
	"purpose" text NOT NULL,
	"iban" text NOT NULL,
	"holder_name" text NOT NULL,
	"status" text NOT NULL,
	"sca_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_recipients_purpose_check" CHECK ("provider_recipients"."purpose" in ('payout', 'studio_payout', 'payin_return')),
	CONSTRAINT "provider_recipients_status_check" CHECK ("provider_recipients"."status" in ('PENDING', 'ACTIVE', 'CANCELED', 'DEACTIVATED'))
);
--> statement-breakpoint
ALTER TABLE "provider_recipients" ADD CONSTRAINT "provider_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_recipients_user_idx" ON "provider_recipients" USING btree ("user_id","purpose","iban");