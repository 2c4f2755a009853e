CREATE TABLE "health_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"subject_kind" text NOT NULL,
	"status" text NOT NULL,
	"reason" jsonb,
	"started_at" timestamp with time zone NOT NULL,
	"cleared_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "health_probe_results" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"service" text NOT NULL,
	"status" text NOT NULL,
	"reason" jsonb,
	"response_time_ms" double precision,
	"figures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_samples" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"instance" text NOT NULL,
	"role" text NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"sampled_at" timestamp with time zone NOT NULL,
	"response_p50_ms" double precision,
	"response_p99_ms" double precision,
	"requests" integer,
	"errors_5xx" integer,
	"event_loop_lag_ms" double precision NOT NULL,
	"rss_bytes" bigint NOT NULL,
	"heap_used_bytes" bigint NOT NULL,
	"cpu_percent" double precision,
	"memory_percent" double precision,
	"disk_percent" double precision,
	"network_bytes_per_second" double precision,
	"network_percent" double precision,
	"logs" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "health_alerts_started_idx" ON "health_alerts" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "health_alerts_open_idx" ON "health_alerts" USING btree ("subject_kind","subject") WHERE "health_alerts"."cleared_at" is null;--> statement-breakpoint
CREATE INDEX "health_probe_results_checked_idx" ON "health_probe_results" USING btree ("checked_at");--> statement-breakpoint
CREATE INDEX "health_probe_results_service_idx" ON "health_probe_results" USING btree ("service","checked_at");--> statement-breakpoint
CREATE INDEX "health_samples_sampled_idx" ON "health_samples" USING btree ("sampled_at");--> statement-breakpoint
CREATE INDEX "health_samples_instance_idx" ON "health_samples" USING btree ("instance","sampled_at");