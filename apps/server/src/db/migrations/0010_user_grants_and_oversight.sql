CREATE TABLE "user_overseen_companies" (
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "user_overseen_companies_user_id_company_id_pk" PRIMARY KEY("user_id","company_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "granted_permissions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "user_overseen_companies" ADD CONSTRAINT "user_overseen_companies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_overseen_companies" ADD CONSTRAINT "user_overseen_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_overseen_companies_company_idx" ON "user_overseen_companies" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "appointments_user_idx" ON "appointments" USING btree ("user_id");--> statement-breakpoint
-- The role descriptions of bootstrap.ts: roles other than the admin ones grant nothing of their own.
UPDATE "roles" SET "description" = CASE "name"
  WHEN 'superadmin' THEN 'Every permission across every company; the only role that manages superadmins and overseen companies'
  WHEN 'admin' THEN 'Every permission across every company'
  WHEN 'viewer' THEN 'Reads the libraries, uploads documents and forms, files own requests; further powers from grants'
  ELSE 'As a viewer; approval steps come from the designation, further powers from grants'
END;
