CREATE UNIQUE INDEX "revenue_distributions_id_campaign_key" ON "revenue_distributions" USING btree ("id","campaign_id");--> statement-breakpoint
ALTER TABLE "revenue_payouts" DROP CONSTRAINT "revenue_payouts_distribution_id_revenue_distributions_id_fk";
--> statement-breakpoint
ALTER TABLE "revenue_payouts" DROP CONSTRAINT "revenue_payouts_campaign_id_campaigns_id_fk";
--> statement-breakpoint
ALTER TABLE "revenue_payouts" ADD CONSTRAINT "revenue_payouts_distribution_fk" FOREIGN KEY ("distribution_id","campaign_id") REFERENCES "public"."revenue_distributions"("id","campaign_id") ON DELETE restrict ON UPDATE no action;
