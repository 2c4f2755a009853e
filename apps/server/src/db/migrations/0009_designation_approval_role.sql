ALTER TABLE "designations" ADD COLUMN "approval_role" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "designations" ADD CONSTRAINT "designations_approval_role_check" CHECK ("designations"."approval_role" IN ('none', 'clerk', 'officer', 'commandant'));--> statement-breakpoint
-- Backfill: the designations that exist keep the rights the text rule gave their holders until now
-- (defaultApprovalRoleFor in packages/shared: clerk, then officer, then commandant or executive);
-- administrators review them from here. New designations take it only as their default.
UPDATE "designations" SET "approval_role" = CASE
  WHEN strpos(lower("name"), 'clerk') > 0 THEN 'clerk'
  WHEN strpos(lower("name"), 'officer') > 0 THEN 'officer'
  WHEN strpos(lower("name"), 'commandant') > 0 OR strpos(lower("name"), 'executive') > 0 THEN 'commandant'
  ELSE 'none'
END;
