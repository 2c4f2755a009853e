ALTER TABLE "refresh_tokens" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Families already running were signed in under their user's current version.
UPDATE "refresh_tokens" SET "session_version" = "users"."session_version" FROM "users" WHERE "users"."id" = "refresh_tokens"."user_id";--> statement-breakpoint
-- Temporary passwords set before they could expire (migration 0011) get the default 72 hours from now.
UPDATE "users" SET "password_expires_at" = now() + interval '72 hours' WHERE "must_change_password" AND "password_expires_at" IS NULL AND "deleted_at" IS NULL;
