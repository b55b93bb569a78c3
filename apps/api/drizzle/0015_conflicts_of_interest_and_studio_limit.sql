ALTER TABLE "campaigns" ADD COLUMN "studio_raised_elsewhere_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "conflict_of_interest" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_raised_elsewhere_non_negative" CHECK ("campaigns"."studio_raised_elsewhere_cents" >= 0);--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_conflict_valid" CHECK ("investments"."conflict_of_interest" is null or "investments"."conflict_of_interest" in ('staff', 'studio'));