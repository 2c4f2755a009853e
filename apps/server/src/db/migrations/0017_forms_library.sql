CREATE TABLE "form_downloads" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"level" smallint NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"name_mr" text,
	"slug" text NOT NULL,
	"description" text,
	"icon" text NOT NULL,
	"color" text DEFAULT '#3B82F6' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"trashed_with_folder" boolean DEFAULT false NOT NULL,
	CONSTRAINT "form_folders_level_check" CHECK ("form_folders"."level" BETWEEN 1 AND 3),
	CONSTRAINT "form_folders_parent_check" CHECK (("form_folders"."level" = 1) = ("form_folders"."parent_id" IS NULL)),
	CONSTRAINT "form_folders_sort_order_check" CHECK ("form_folders"."sort_order" >= 0)
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"category" text,
	"language" text NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"folder_id" integer,
	"search_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, search_text)) STORED NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"file_sha256" text NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"trashed_with_folder" boolean DEFAULT false NOT NULL,
	"folder_purged" boolean DEFAULT false NOT NULL,
	CONSTRAINT "forms_language_check" CHECK ("forms"."language" IN ('en', 'mr')),
	CONSTRAINT "forms_file_size_check" CHECK ("forms"."file_size" >= 0)
);
--> statement-breakpoint
ALTER TABLE "form_downloads" ADD CONSTRAINT "form_downloads_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_downloads" ADD CONSTRAINT "form_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_folders" ADD CONSTRAINT "form_folders_parent_id_form_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."form_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_folders" ADD CONSTRAINT "form_folders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_folders" ADD CONSTRAINT "form_folders_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_folder_id_form_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."form_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_downloads_form_idx" ON "form_downloads" USING btree ("form_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "form_folders_slug_unique" ON "form_folders" USING btree (coalesce("parent_id", 0),"slug") WHERE "form_folders"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "form_folders_parent_idx" ON "form_folders" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "form_folders_trash_idx" ON "form_folders" USING btree ("deleted_at" DESC NULLS LAST) WHERE "form_folders"."deleted_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "forms_list_idx" ON "forms" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "forms"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "forms_folder_idx" ON "forms" USING btree ("folder_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "forms"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "forms_uploader_idx" ON "forms" USING btree ("uploaded_by");--> statement-breakpoint
CREATE INDEX "forms_file_key_idx" ON "forms" USING btree ("file_key");--> statement-breakpoint
CREATE INDEX "forms_trash_idx" ON "forms" USING btree ("deleted_at" DESC NULLS LAST) WHERE "forms"."deleted_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "forms_search_trgm_idx" ON "forms" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "forms_search_fts_idx" ON "forms" USING gin ("search_vector");