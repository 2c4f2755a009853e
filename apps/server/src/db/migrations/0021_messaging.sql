CREATE TABLE "whatsapp_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"template_name" text NOT NULL,
	"category" text DEFAULT 'utility' NOT NULL,
	"parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text,
	"company_id" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"recipients" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_campaigns_status_known" CHECK ("whatsapp_campaigns"."status" IN ('draft', 'scheduled', 'sending', 'sent', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_verification_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"phone_number" text NOT NULL,
	"code_hash" text NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"delivery_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "whatsapp_deliveries" ALTER COLUMN "payslip_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_deliveries" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified_source" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified_by" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp_notices_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp_notices_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp_bsuid" text;--> statement-breakpoint
ALTER TABLE "whatsapp_deliveries" ADD COLUMN "kind" text DEFAULT 'payslip' NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_deliveries" ADD COLUMN "origin" text DEFAULT 'payslip_send' NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_deliveries" ADD COLUMN "body" text;--> statement-breakpoint
ALTER TABLE "whatsapp_deliveries" ADD COLUMN "template_name" text;--> statement-breakpoint
ALTER TABLE "whatsapp_deliveries" ADD COLUMN "template_params" jsonb;--> statement-breakpoint
ALTER TABLE "whatsapp_deliveries" ADD COLUMN "campaign_id" integer;--> statement-breakpoint
ALTER TABLE "whatsapp_deliveries" ADD COLUMN "reply_to_inbound_id" integer;--> statement-breakpoint
ALTER TABLE "whatsapp_inbound_messages" ADD COLUMN "from_bsuid" text;--> statement-breakpoint
ALTER TABLE "whatsapp_inbound_messages" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "whatsapp_inbound_messages" ADD COLUMN "intent" text;--> statement-breakpoint
ALTER TABLE "whatsapp_inbound_messages" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapp_campaigns" ADD CONSTRAINT "whatsapp_campaigns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_campaigns" ADD CONSTRAINT "whatsapp_campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_campaigns" ADD CONSTRAINT "whatsapp_campaigns_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_verification_codes" ADD CONSTRAINT "whatsapp_verification_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_verification_codes" ADD CONSTRAINT "whatsapp_verification_codes_delivery_id_whatsapp_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."whatsapp_deliveries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_campaigns_created_idx" ON "whatsapp_campaigns" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "whatsapp_campaigns_scheduled_idx" ON "whatsapp_campaigns" USING btree ("scheduled_at") WHERE "whatsapp_campaigns"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "whatsapp_verification_codes_user_idx" ON "whatsapp_verification_codes" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "whatsapp_deliveries" ADD CONSTRAINT "whatsapp_deliveries_campaign_id_whatsapp_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."whatsapp_campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_deliveries" ADD CONSTRAINT "whatsapp_deliveries_reply_to_inbound_id_whatsapp_inbound_messages_id_fk" FOREIGN KEY ("reply_to_inbound_id") REFERENCES "public"."whatsapp_inbound_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_whatsapp_bsuid_unique" ON "users" USING btree ("whatsapp_bsuid") WHERE "users"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "whatsapp_deliveries_created_idx" ON "whatsapp_deliveries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "whatsapp_deliveries_campaign_idx" ON "whatsapp_deliveries" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "whatsapp_deliveries_user_idx" ON "whatsapp_deliveries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "whatsapp_inbound_sent_idx" ON "whatsapp_inbound_messages" USING btree ("sent_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_phone_verified_source_known" CHECK ("users"."phone_verified_source" IS NULL OR "users"."phone_verified_source" IN ('self', 'admin', 'import', 'existing'));--> statement-breakpoint
ALTER TABLE "whatsapp_deliveries" ADD CONSTRAINT "whatsapp_deliveries_kind_known" CHECK ("whatsapp_deliveries"."kind" IN ('payslip', 'text', 'template'));--> statement-breakpoint
ALTER TABLE "whatsapp_deliveries" ADD CONSTRAINT "whatsapp_deliveries_origin_known" CHECK ("whatsapp_deliveries"."origin" IN ('payslip_send', 'message', 'campaign', 'verification', 'self_service', 'stop'));--> statement-breakpoint
ALTER TABLE "whatsapp_deliveries" ADD CONSTRAINT "whatsapp_deliveries_payslip_has_slip" CHECK ("whatsapp_deliveries"."kind" <> 'payslip' OR "whatsapp_deliveries"."payslip_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "whatsapp_deliveries" ADD CONSTRAINT "whatsapp_deliveries_text_has_body" CHECK ("whatsapp_deliveries"."kind" <> 'text' OR "whatsapp_deliveries"."body" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "whatsapp_deliveries" ADD CONSTRAINT "whatsapp_deliveries_template_named" CHECK ("whatsapp_deliveries"."kind" <> 'template' OR "whatsapp_deliveries"."template_name" IS NOT NULL);--> statement-breakpoint
-- Numbers on file before verification began were set by administrators or their imports, and slips
-- already go to them: they count as verified (source existing), so nothing stops on the upgrade.
UPDATE "users" SET "phone_verified_at" = now(), "phone_verified_source" = 'existing' WHERE "phone_number" IS NOT NULL;
