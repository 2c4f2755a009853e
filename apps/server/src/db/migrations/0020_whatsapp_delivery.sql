CREATE TABLE "whatsapp_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"key" uuid NOT NULL,
	"kind" text NOT NULL,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"wamid" text,
	"error_code" integer,
	"error_title" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "whatsapp_attempts_key_unique" UNIQUE("key"),
	CONSTRAINT "whatsapp_attempts_kind_known" CHECK ("whatsapp_attempts"."kind" IN ('template', 'document')),
	CONSTRAINT "whatsapp_attempts_outcome_known" CHECK ("whatsapp_attempts"."outcome" IN ('pending', 'accepted', 'refused', 'unknown'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"payslip_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"to_number" text NOT NULL,
	"language" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"wamid" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone,
	"waiting_for" text,
	"error_code" integer,
	"status_reason" text,
	"pricing_category" text,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_deliveries_state_known" CHECK ("whatsapp_deliveries"."state" IN ('queued', 'sent', 'delivered', 'read', 'failed', 'needs_check')),
	CONSTRAINT "whatsapp_deliveries_language_known" CHECK ("whatsapp_deliveries"."language" IN ('en', 'mr', 'hi'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_inbound_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"wamid" text NOT NULL,
	"from_number" text NOT NULL,
	"user_id" integer,
	"type" text NOT NULL,
	"body" text,
	"sent_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_inbound_messages_wamid_unique" UNIQUE("wamid")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_media" (
	"file_key" text NOT NULL,
	"phone_number_id" text NOT NULL,
	"media_id" text NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "whatsapp_media_file_key_phone_number_id_pk" PRIMARY KEY("file_key","phone_number_id")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_number" text,
	"path" text NOT NULL,
	"body" jsonb NOT NULL,
	"attempt_key" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_queue_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"paused_at" timestamp with time zone,
	"pause_code" integer,
	"pause_reason" text,
	"resumed_at" timestamp with time zone,
	"resumed_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_queue_state_one_row" CHECK ("whatsapp_queue_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "whatsapp_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone_number_id" text NOT NULL,
	"to_number" text NOT NULL,
	"template" boolean NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_webhook_events" (
	"event_key" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payslips" DROP CONSTRAINT "payslips_status_known";--> statement-breakpoint
ALTER TABLE "whatsapp_attempts" ADD CONSTRAINT "whatsapp_attempts_delivery_id_whatsapp_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."whatsapp_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_deliveries" ADD CONSTRAINT "whatsapp_deliveries_payslip_id_payslips_id_fk" FOREIGN KEY ("payslip_id") REFERENCES "public"."payslips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_deliveries" ADD CONSTRAINT "whatsapp_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_deliveries" ADD CONSTRAINT "whatsapp_deliveries_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_inbound_messages" ADD CONSTRAINT "whatsapp_inbound_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_queue_state" ADD CONSTRAINT "whatsapp_queue_state_resumed_by_users_id_fk" FOREIGN KEY ("resumed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_attempts_delivery_idx" ON "whatsapp_attempts" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "whatsapp_attempts_wamid_idx" ON "whatsapp_attempts" USING btree ("wamid");--> statement-breakpoint
CREATE INDEX "whatsapp_attempts_pending_idx" ON "whatsapp_attempts" USING btree ("started_at") WHERE "whatsapp_attempts"."outcome" IN ('pending', 'unknown');--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_deliveries_open_unique" ON "whatsapp_deliveries" USING btree ("payslip_id") WHERE "whatsapp_deliveries"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "whatsapp_deliveries_payslip_idx" ON "whatsapp_deliveries" USING btree ("payslip_id","created_at");--> statement-breakpoint
CREATE INDEX "whatsapp_deliveries_wamid_idx" ON "whatsapp_deliveries" USING btree ("wamid");--> statement-breakpoint
CREATE INDEX "whatsapp_deliveries_state_idx" ON "whatsapp_deliveries" USING btree ("state","not_before");--> statement-breakpoint
CREATE INDEX "whatsapp_inbound_from_idx" ON "whatsapp_inbound_messages" USING btree ("from_number","sent_at");--> statement-breakpoint
CREATE INDEX "whatsapp_outbox_created_idx" ON "whatsapp_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "whatsapp_sends_window_idx" ON "whatsapp_sends" USING btree ("phone_number_id","sent_at");--> statement-breakpoint
CREATE INDEX "whatsapp_sends_recipient_idx" ON "whatsapp_sends" USING btree ("to_number","sent_at");--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_status_known" CHECK ("payslips"."status" IN ('generated', 'queued', 'sent', 'delivered', 'read', 'failed', 'needs_check'));--> statement-breakpoint
INSERT INTO "whatsapp_queue_state" ("id") VALUES (1) ON CONFLICT DO NOTHING;
