CREATE TABLE "payslips" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"salary_month" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"superseded_at" timestamp with time zone,
	"file_name" text NOT NULL,
	"html_key" text NOT NULL,
	"html_size" integer NOT NULL,
	"pdf_key" text,
	"pdf_size" integer,
	"pdf_state" text DEFAULT 'waiting' NOT NULL,
	"pdf_error" text,
	"pdf_rendered_at" timestamp with time zone,
	"sevarth_id" text NOT NULL,
	"employee_name" text NOT NULL,
	"payslip_number" text,
	"date_of_birth" date,
	"date_of_joining" date,
	"date_of_retirement" date,
	"gross_paise" bigint,
	"deductions_paise" bigint,
	"net_paise" bigint,
	"consistent" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'generated' NOT NULL,
	"status_reason" text,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payslips_salary_month_format" CHECK ("payslips"."salary_month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "payslips_version_positive" CHECK ("payslips"."version" >= 1),
	CONSTRAINT "payslips_pdf_state_known" CHECK ("payslips"."pdf_state" IN ('waiting', 'ready', 'failed')),
	CONSTRAINT "payslips_status_known" CHECK ("payslips"."status" IN ('generated', 'sent', 'delivered', 'failed', 'read', 'needs_check')),
	CONSTRAINT "payslips_pdf_ready_has_file" CHECK ("payslips"."pdf_state" <> 'ready' OR "payslips"."pdf_key" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp_consent_source" text;--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payslips_current_unique" ON "payslips" USING btree ("user_id","salary_month") WHERE "payslips"."superseded_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payslips_version_unique" ON "payslips" USING btree ("user_id","salary_month","version");--> statement-breakpoint
CREATE INDEX "payslips_current_month_idx" ON "payslips" USING btree ("salary_month","employee_name") WHERE "payslips"."superseded_at" IS NULL;--> statement-breakpoint
CREATE INDEX "payslips_current_status_idx" ON "payslips" USING btree ("status","salary_month") WHERE "payslips"."superseded_at" IS NULL;--> statement-breakpoint
CREATE INDEX "payslips_search_trgm_idx" ON "payslips" USING gin ((lower("employee_name" || ' ' || coalesce("payslip_number", '') || ' ' || "sevarth_id")) gin_trgm_ops) WHERE "payslips"."superseded_at" IS NULL;--> statement-breakpoint
CREATE INDEX "payslips_html_key_idx" ON "payslips" USING btree ("html_key");--> statement-breakpoint
CREATE INDEX "payslips_pdf_key_idx" ON "payslips" USING btree ("pdf_key");--> statement-breakpoint
CREATE INDEX "payslips_pdf_waiting_idx" ON "payslips" USING btree ("id") WHERE "payslips"."pdf_state" = 'waiting';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_whatsapp_language_known" CHECK ("users"."whatsapp_language" IN ('en', 'mr', 'hi'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_whatsapp_consent_source_known" CHECK ("users"."whatsapp_consent_source" IS NULL OR "users"."whatsapp_consent_source" IN ('self', 'admin', 'import'));