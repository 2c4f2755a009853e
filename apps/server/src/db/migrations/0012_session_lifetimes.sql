ALTER TABLE "users" DROP CONSTRAINT "users_session_timeout_positive";--> statement-breakpoint
-- Added without NOT NULL first: the families under way get their sign-in time (their first token's) below.
ALTER TABLE "refresh_tokens" ADD COLUMN "family_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_session_timeout_not_negative" CHECK ("users"."session_timeout_minutes" IS NULL OR "users"."session_timeout_minutes" >= 0);--> statement-breakpoint
UPDATE "refresh_tokens" AS "token" SET "family_started_at" = (SELECT min("first"."created_at") FROM "refresh_tokens" AS "first" WHERE "first"."family_id" = "token"."family_id");--> statement-breakpoint
ALTER TABLE "refresh_tokens" ALTER COLUMN "family_started_at" SET NOT NULL;--> statement-breakpoint
-- Null used to mean both "never chosen" and "never"; null now means the default idle timeout (1 hour)
-- and 0 means never. People whose last saved choice (in the audit log) was never keep it.
UPDATE "users" SET "session_timeout_minutes" = 0
WHERE "session_timeout_minutes" IS NULL
  AND (SELECT "audit"."details" ->> 'session_timeout' FROM "audit_log" AS "audit"
       WHERE "audit"."action" = 'user.settings_update' AND "audit"."outcome" = 'success'
         AND "audit"."entity_type" = 'user' AND "audit"."entity_id" = "users"."id"::text
       ORDER BY "audit"."created_at" DESC, "audit"."id" DESC LIMIT 1) = 'never';
