CREATE TABLE "key_information_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"content" jsonb NOT NULL,
	"sha256" text NOT NULL,
	"material" boolean DEFAULT false NOT NULL,
	"changes" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "key_information_versions_number_positive" CHECK ("key_information_versions"."number" > 0)
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "key_information_version" integer;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "key_information_version" integer;--> statement-breakpoint
ALTER TABLE "key_information_versions" ADD CONSTRAINT "key_information_versions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "key_information_versions_number_key" ON "key_information_versions" USING btree ("campaign_id","number");