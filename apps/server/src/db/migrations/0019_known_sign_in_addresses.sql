CREATE TABLE "known_sign_in_addresses" (
	"email" text NOT NULL,
	"ip" "inet" NOT NULL,
	"last_success_at" timestamp with time zone NOT NULL,
	CONSTRAINT "known_sign_in_addresses_email_ip_pk" PRIMARY KEY("email","ip")
);
--> statement-breakpoint
CREATE INDEX "known_sign_in_addresses_last_success_idx" ON "known_sign_in_addresses" USING btree ("last_success_at");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_revoked_idx" ON "refresh_tokens" USING btree ("user_id","revoked_at") WHERE "refresh_tokens"."revoked_at" IS NOT NULL;