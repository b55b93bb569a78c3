CREATE TABLE "campaign_milestones" (
	"campaign_id" uuid NOT NULL,
	"percent" smallint NOT NULL,
	"reached_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_milestones_campaign_id_percent_pk" PRIMARY KEY("campaign_id","percent"),
	CONSTRAINT "campaign_milestones_percent_valid" CHECK ("campaign_milestones"."percent" in (50, 100))
);
--> statement-breakpoint
ALTER TABLE "campaign_milestones" ADD CONSTRAINT "campaign_milestones_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Campaigns already past a milestone when the guard arrives have it claimed: falling below it and
-- passing it again tells no one.
INSERT INTO "campaign_milestones" ("campaign_id", "percent")
SELECT c."id", m."percent"::smallint
  FROM "campaigns" c CROSS JOIN (VALUES (50), (100)) AS m("percent")
 WHERE c."goal_cents" > 0 AND c."committed_cents" * 100 >= c."goal_cents" * m."percent";
