CREATE TABLE "studio_kyb" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"decision" text DEFAULT 'submitted' NOT NULL,
	"legal_name" text NOT NULL,
	"registration_number" text NOT NULL,
	"country" text NOT NULL,
	"registered_address" text NOT NULL,
	"representative_first_name" text NOT NULL,
	"representative_last_name" text NOT NULL,
	"representative_birth_date" text NOT NULL,
	"representative_nationality" text NOT NULL,
	"representative_email" text NOT NULL,
	"ubos" jsonb NOT NULL,
	"declarations" jsonb NOT NULL,
	"document_key" text NOT NULL,
	"document_name" text NOT NULL,
	"document_type" text NOT NULL,
	"document_size" integer NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"refusal_reason" text,
	"valid_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "studio_kyb_decision_valid" CHECK ("studio_kyb"."decision" in ('submitted', 'approved', 'refused')),
	CONSTRAINT "studio_kyb_decided" CHECK (("studio_kyb"."decision" = 'submitted') = ("studio_kyb"."decided_at" is null)
        and ("studio_kyb"."decision" = 'approved') = ("studio_kyb"."valid_until" is not null)
        and ("studio_kyb"."decision" = 'refused') = ("studio_kyb"."refusal_reason" is not null)),
	CONSTRAINT "studio_kyb_document_type_valid" CHECK ("studio_kyb"."document_type" in ('application/pdf', 'image/png', 'image/jpeg')),
	CONSTRAINT "studio_kyb_document_size_valid" CHECK ("studio_kyb"."document_size" between 1 and 10485760),
	CONSTRAINT "studio_kyb_ubos_valid" CHECK (jsonb_typeof("studio_kyb"."ubos") = 'array' and jsonb_array_length("studio_kyb"."ubos") between 1 and 20)
);
--> statement-breakpoint
ALTER TABLE "studio_kyb" ADD CONSTRAINT "studio_kyb_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_kyb" ADD CONSTRAINT "studio_kyb_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "studio_kyb_user_idx" ON "studio_kyb" USING btree ("user_id","submitted_at");--> statement-breakpoint
CREATE INDEX "studio_kyb_decided_by_idx" ON "studio_kyb" USING btree ("decided_by");--> statement-breakpoint
CREATE INDEX "studio_kyb_decision_idx" ON "studio_kyb" USING btree ("decision","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "studio_kyb_document_key" ON "studio_kyb" USING btree ("document_key");--> statement-breakpoint
CREATE UNIQUE INDEX "studio_kyb_one_waiting" ON "studio_kyb" USING btree ("user_id") WHERE "studio_kyb"."decision" = 'submitted';