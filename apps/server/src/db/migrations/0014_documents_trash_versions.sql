CREATE TABLE "library_document_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"version" integer NOT NULL,
	"content" text,
	"file_key" text,
	"file_name" text,
	"file_size" integer,
	"file_sha256" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_document_versions_document_version_unique" UNIQUE("document_id","version"),
	CONSTRAINT "library_document_versions_version_positive" CHECK ("library_document_versions"."version" >= 1),
	CONSTRAINT "library_document_versions_file_complete" CHECK (("library_document_versions"."file_key" IS NULL) = ("library_document_versions"."file_name" IS NULL) AND ("library_document_versions"."file_key" IS NULL) = ("library_document_versions"."file_size" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "stored_file_removals" (
	"file_key" text PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "library_categories_slug_unique";--> statement-breakpoint
DROP INDEX "library_documents_slug_unique";--> statement-breakpoint
DROP INDEX "library_subcategories_slug_unique";--> statement-breakpoint
ALTER TABLE "library_acknowledgments" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "library_categories" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "library_categories" ADD COLUMN "deleted_by" integer;--> statement-breakpoint
ALTER TABLE "library_documents" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "library_documents" ADD COLUMN "supersedes_id" integer;--> statement-breakpoint
ALTER TABLE "library_documents" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "library_documents" ADD COLUMN "deleted_by" integer;--> statement-breakpoint
ALTER TABLE "library_documents" ADD COLUMN "trashed_with_folder" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "library_subcategories" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "library_subcategories" ADD COLUMN "deleted_by" integer;--> statement-breakpoint
ALTER TABLE "library_subcategories" ADD COLUMN "trashed_with_folder" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "library_document_versions" ADD CONSTRAINT "library_document_versions_document_id_library_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."library_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_document_versions" ADD CONSTRAINT "library_document_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_document_versions_file_key_idx" ON "library_document_versions" USING btree ("file_key") WHERE "library_document_versions"."file_key" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "library_categories" ADD CONSTRAINT "library_categories_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_documents" ADD CONSTRAINT "library_documents_supersedes_id_library_documents_id_fk" FOREIGN KEY ("supersedes_id") REFERENCES "public"."library_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_documents" ADD CONSTRAINT "library_documents_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_subcategories" ADD CONSTRAINT "library_subcategories_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_documents_trash_idx" ON "library_documents" USING btree ("library","deleted_at" DESC NULLS LAST) WHERE "library_documents"."deleted_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "library_documents_supersedes_idx" ON "library_documents" USING btree ("supersedes_id") WHERE "library_documents"."supersedes_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "library_categories_slug_unique" ON "library_categories" USING btree ("library","slug") WHERE "library_categories"."slug" <> '' AND "library_categories"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "library_documents_slug_unique" ON "library_documents" USING btree ("library",coalesce("category_id", 0),coalesce("subcategory_id", 0),"slug") WHERE "library_documents"."slug" <> '' AND "library_documents"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "library_subcategories_slug_unique" ON "library_subcategories" USING btree ("category_id","slug") WHERE "library_subcategories"."slug" <> '' AND "library_subcategories"."deleted_at" IS NULL;--> statement-breakpoint
ALTER TABLE "library_acknowledgments" DROP CONSTRAINT "library_acknowledgments_pkey";
--> statement-breakpoint
ALTER TABLE "library_acknowledgments" ADD CONSTRAINT "library_acknowledgments_pkey" PRIMARY KEY("document_id","version","user_id");--> statement-breakpoint
ALTER TABLE "library_documents" ADD CONSTRAINT "library_documents_version_positive" CHECK ("library_documents"."version" >= 1);--> statement-breakpoint
-- Every document written before versions existed becomes its own version 1 (its file, if any, and content).
INSERT INTO "library_document_versions" ("document_id", "version", "content", "file_key", "file_name", "file_size", "file_sha256", "created_by", "created_at")
SELECT "id", 1, "content", "file_key", "file_name", "file_size", "file_sha256", "created_by", "updated_at" FROM "library_documents";
