CREATE TABLE "legal_acceptances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"document_version_id" uuid NOT NULL,
	"occasion" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_acceptances_occasion_valid" CHECK ("legal_acceptances"."occasion" in ('registration', 'social_sign_up', 'update'))
);
--> statement-breakpoint
CREATE TABLE "legal_document_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document" text NOT NULL,
	"version" integer NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"title_en" text NOT NULL,
	"title_it" text NOT NULL,
	"body_en" text NOT NULL,
	"body_it" text NOT NULL,
	"content_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_document_versions_document_valid" CHECK ("legal_document_versions"."document" ~ '^[a-z][a-z0-9-]{0,39}$'),
	CONSTRAINT "legal_document_versions_version_positive" CHECK ("legal_document_versions"."version" > 0),
	CONSTRAINT "legal_document_versions_hash_valid" CHECK ("legal_document_versions"."content_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "legal_document_versions_texts_present" CHECK (length("legal_document_versions"."title_en") > 0 and length("legal_document_versions"."title_it") > 0 and length("legal_document_versions"."body_en") > 0 and length("legal_document_versions"."body_it") > 0)
);
--> statement-breakpoint
ALTER TABLE "legal_acceptances" ADD CONSTRAINT "legal_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_acceptances" ADD CONSTRAINT "legal_acceptances_document_version_id_legal_document_versions_id_fk" FOREIGN KEY ("document_version_id") REFERENCES "public"."legal_document_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "legal_acceptances_user_version_key" ON "legal_acceptances" USING btree ("user_id","document_version_id");--> statement-breakpoint
CREATE INDEX "legal_acceptances_document_version_id_idx" ON "legal_acceptances" USING btree ("document_version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "legal_document_versions_document_version_key" ON "legal_document_versions" USING btree ("document","version");