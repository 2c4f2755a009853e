DROP INDEX "appointments_status_idx";--> statement-breakpoint
CREATE INDEX "appointments_status_type_created_idx" ON "appointments" USING btree ("status","request_type","created_at");