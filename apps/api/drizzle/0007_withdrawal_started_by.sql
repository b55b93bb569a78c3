ALTER TABLE "withdrawals" ADD COLUMN "started_by" uuid;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Requests already being paid: since their last change (who started them is not known).
UPDATE "withdrawals" SET "started_at" = "updated_at" WHERE "status" = 'processing' AND "started_at" IS NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_processing_started" CHECK ("withdrawals"."status" <> 'processing' or "withdrawals"."started_at" is not null);