DROP INDEX "revenue_reminders_once_key";--> statement-breakpoint
ALTER TABLE "revenue_reminders" ADD COLUMN "step" text DEFAULT 'due' NOT NULL;--> statement-breakpoint
ALTER TABLE "revenue_reminders" ADD COLUMN "mailed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "revenue_reminders_once_key" ON "revenue_reminders" USING btree ("campaign_id","period_start","step");--> statement-breakpoint
ALTER TABLE "revenue_reminders" ADD CONSTRAINT "revenue_reminders_step_valid" CHECK ("revenue_reminders"."step" in ('due', 'late_7', 'late_30', 'admin_overdue', 'admin_default', 'investors_30'));