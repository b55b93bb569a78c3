CREATE TABLE "complaint_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"complaint_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaint_notes_body_check" CHECK (length("complaint_notes"."body") between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"status_token_hash" text NOT NULL,
	"user_id" uuid,
	"language" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"via_representative" boolean DEFAULT false NOT NULL,
	"representative_name" text DEFAULT '' NOT NULL,
	"representative_contact" text DEFAULT '' NOT NULL,
	"service" text NOT NULL,
	"campaign_id" uuid,
	"facts_from" date NOT NULL,
	"facts_to" date,
	"description" text NOT NULL,
	"remedy" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"assignee_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledge_due_at" timestamp with time zone NOT NULL,
	"answer_due_at" timestamp with time zone NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"investigating_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"answer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaints_status_check" CHECK ("complaints"."status" in ('received', 'acknowledged', 'investigating', 'answered', 'closed')),
	CONSTRAINT "complaints_service_check" CHECK ("complaints"."service" in ('investing', 'campaign', 'payments', 'account', 'other')),
	CONSTRAINT "complaints_language_check" CHECK ("complaints"."language" in ('en', 'it')),
	CONSTRAINT "complaints_reference_check" CHECK ("complaints"."reference" ~ '^C-[0-9]{4}-[0-9A-Z]{8}$'),
	CONSTRAINT "complaints_answer_check" CHECK (("complaints"."status" in ('answered', 'closed')) = ("complaints"."answer" is not null and "complaints"."answered_at" is not null)),
	CONSTRAINT "complaints_closed_check" CHECK (("complaints"."status" = 'closed') = ("complaints"."closed_at" is not null)),
	CONSTRAINT "complaints_facts_check" CHECK ("complaints"."facts_to" is null or "complaints"."facts_to" >= "complaints"."facts_from"),
	CONSTRAINT "complaints_due_check" CHECK ("complaints"."acknowledge_due_at" <= "complaints"."answer_due_at"),
	CONSTRAINT "complaints_lengths_check" CHECK (length("complaints"."name") <= 200 and length("complaints"."email") <= 320 and length("complaints"."address") <= 500 and length("complaints"."phone") <= 40 and length("complaints"."representative_name") <= 200 and length("complaints"."representative_contact") <= 500 and length("complaints"."description") <= 5000 and length("complaints"."remedy") <= 5000 and coalesce(length("complaints"."answer"), 0) <= 10000)
);
--> statement-breakpoint
ALTER TABLE "complaint_notes" ADD CONSTRAINT "complaint_notes_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_notes" ADD CONSTRAINT "complaint_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaint_notes_complaint_id_idx" ON "complaint_notes" USING btree ("complaint_id","created_at");--> statement-breakpoint
CREATE INDEX "complaint_notes_author_id_idx" ON "complaint_notes" USING btree ("author_id");--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_reference_key" ON "complaints" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_status_token_hash_key" ON "complaints" USING btree ("status_token_hash");--> statement-breakpoint
CREATE INDEX "complaints_user_id_idx" ON "complaints" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "complaints_campaign_id_idx" ON "complaints" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "complaints_assignee_id_idx" ON "complaints" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "complaints_status_received_idx" ON "complaints" USING btree ("status","received_at");