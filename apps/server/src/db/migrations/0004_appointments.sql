CREATE TABLE "appointment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"appointment_id" integer NOT NULL,
	"event" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"remark" text,
	"actor_id" integer,
	"role" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "appointments_company_idx";--> statement-breakpoint
ALTER TABLE "appointment_events" ADD CONSTRAINT "appointment_events_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_events" ADD CONSTRAINT "appointment_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_events_appointment_idx" ON "appointment_events" USING btree ("appointment_id","id");--> statement-breakpoint
CREATE INDEX "appointments_company_slot_idx" ON "appointments" USING btree ("company_id","appointment_date","appointment_time");--> statement-breakpoint
CREATE INDEX "appointments_created_at_idx" ON "appointments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "appointments_phone_idx" ON "appointments" USING btree ("phone_number");--> statement-breakpoint
CREATE INDEX "appointments_search_trgm_idx" ON "appointments" USING gin ((lower(coalesce("first_name", '') || ' ' || coalesce("middle_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("phone_number", '') || ' ' || coalesce("badge_number", '') || ' ' || coalesce("dgp_id", '') || ' ' || coalesce("notes", '') || ' ' || coalesce("additional_details", '') || ' ' || coalesce("leave_reason", ''))) gin_trgm_ops);