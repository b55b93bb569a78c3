CREATE TABLE "sophisticated_evidence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sophisticated_evidence_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "sophisticated_evidence_type_valid" CHECK ("sophisticated_evidence"."content_type" in ('application/pdf', 'image/png', 'image/jpeg')),
	CONSTRAINT "sophisticated_evidence_size_valid" CHECK ("sophisticated_evidence"."size_bytes" between 1 and 10485760),
	CONSTRAINT "sophisticated_evidence_name_valid" CHECK (char_length("sophisticated_evidence"."file_name") between 1 and 120)
);
--> statement-breakpoint
ALTER TABLE "investor_profiles" DROP CONSTRAINT "investor_profiles_request_valid";--> statement-breakpoint
ALTER TABLE "investor_profiles" ADD COLUMN "sophisticated_person_type" text;--> statement-breakpoint
ALTER TABLE "investor_profiles" ADD COLUMN "sophisticated_criteria" text[];--> statement-breakpoint
ALTER TABLE "investor_profiles" ADD COLUMN "sophisticated_decision_reason" text;--> statement-breakpoint
ALTER TABLE "investor_profiles" ADD COLUMN "sophisticated_valid_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "investor_profiles" ADD COLUMN "sophisticated_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "investor_profiles" ADD COLUMN "tax_residence_country" text;--> statement-breakpoint
ALTER TABLE "investor_profiles" ADD COLUMN "tax_id" text;--> statement-breakpoint
ALTER TABLE "investor_profiles" ADD COLUMN "tax_residence_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sophisticated_evidence" ADD CONSTRAINT "sophisticated_evidence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sophisticated_evidence_user_idx" ON "sophisticated_evidence" USING btree ("user_id","requested_at");--> statement-breakpoint
-- Approvals given before approvals expired: their two years count from the decision.
UPDATE "investor_profiles" SET "sophisticated_valid_until" = coalesce("sophisticated_decided_at", now()) + interval '24 months' WHERE "sophisticated_request" = 'approved';--> statement-breakpoint
ALTER TABLE "investor_profiles" ADD CONSTRAINT "investor_profiles_person_type_valid" CHECK ("investor_profiles"."sophisticated_person_type" is null or "investor_profiles"."sophisticated_person_type" in ('natural', 'legal'));--> statement-breakpoint
ALTER TABLE "investor_profiles" ADD CONSTRAINT "investor_profiles_sophisticated_approved" CHECK ("investor_profiles"."investor_class" = 'non_sophisticated' or ("investor_profiles"."sophisticated_request" in ('approved', 'requested') and "investor_profiles"."sophisticated_valid_until" is not null));--> statement-breakpoint
ALTER TABLE "investor_profiles" ADD CONSTRAINT "investor_profiles_tax_country_valid" CHECK ("investor_profiles"."tax_residence_country" is null or "investor_profiles"."tax_residence_country" ~ '^[A-Z]{2}$');--> statement-breakpoint
ALTER TABLE "investor_profiles" ADD CONSTRAINT "investor_profiles_tax_id_valid" CHECK ("investor_profiles"."tax_id" is null or ("investor_profiles"."tax_residence_country" is not null and char_length("investor_profiles"."tax_id") between 1 and 30));--> statement-breakpoint
ALTER TABLE "investor_profiles" ADD CONSTRAINT "investor_profiles_tax_residence_complete" CHECK (("investor_profiles"."tax_residence_country" is null) = ("investor_profiles"."tax_residence_at" is null));--> statement-breakpoint
ALTER TABLE "investor_profiles" ADD CONSTRAINT "investor_profiles_request_valid" CHECK ("investor_profiles"."sophisticated_request" in ('none', 'requested', 'approved', 'rejected', 'expired'));