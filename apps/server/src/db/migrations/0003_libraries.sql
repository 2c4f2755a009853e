CREATE TABLE "library_acknowledgments" (
	"document_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_acknowledgments_pkey" PRIMARY KEY("document_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "library_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"library" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"slug" text DEFAULT '' NOT NULL,
	"icon" text NOT NULL,
	"color" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_categories_id_library_unique" UNIQUE("id","library"),
	CONSTRAINT "library_categories_library_check" CHECK ("library_categories"."library" IN ('orders', 'circulars', 'government-decisions'))
);
--> statement-breakpoint
CREATE TABLE "library_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"library" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"content" text,
	"effective_date" date NOT NULL,
	"slug" text DEFAULT '' NOT NULL,
	"category_id" integer,
	"subcategory_id" integer,
	"priority" text DEFAULT 'medium' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"due_date" date,
	"assignee_id" integer,
	"company_id" integer DEFAULT 1,
	"is_mandatory" boolean DEFAULT false NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"file_key" text,
	"file_name" text,
	"file_size" integer,
	"file_sha256" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_documents_library_check" CHECK ("library_documents"."library" IN ('orders', 'circulars', 'government-decisions')),
	CONSTRAINT "library_documents_priority_check" CHECK ("library_documents"."priority" IN ('high', 'medium', 'other')),
	CONSTRAINT "library_documents_status_check" CHECK ("library_documents"."status" IN ('pending', 'approved', 'rejected', 'completed', 'overdue', 'draft', 'published', 'acknowledged')),
	CONSTRAINT "library_documents_subcategory_needs_category" CHECK ("library_documents"."subcategory_id" IS NULL OR "library_documents"."category_id" IS NOT NULL),
	CONSTRAINT "library_documents_file_complete" CHECK (("library_documents"."file_key" IS NULL) = ("library_documents"."file_name" IS NULL) AND ("library_documents"."file_key" IS NULL) = ("library_documents"."file_size" IS NULL)),
	CONSTRAINT "library_documents_file_size_positive" CHECK ("library_documents"."file_size" IS NULL OR "library_documents"."file_size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "library_subcategories" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"slug" text DEFAULT '' NOT NULL,
	"icon" text NOT NULL,
	"color" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_subcategories_id_category_unique" UNIQUE("id","category_id")
);
--> statement-breakpoint
ALTER TABLE "library_acknowledgments" ADD CONSTRAINT "library_acknowledgments_document_id_library_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."library_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_acknowledgments" ADD CONSTRAINT "library_acknowledgments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_categories" ADD CONSTRAINT "library_categories_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_documents" ADD CONSTRAINT "library_documents_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_documents" ADD CONSTRAINT "library_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_documents" ADD CONSTRAINT "library_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_documents" ADD CONSTRAINT "library_documents_category_fk" FOREIGN KEY ("category_id","library") REFERENCES "public"."library_categories"("id","library") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_documents" ADD CONSTRAINT "library_documents_subcategory_fk" FOREIGN KEY ("subcategory_id","category_id") REFERENCES "public"."library_subcategories"("id","category_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "library_subcategories" ADD CONSTRAINT "library_subcategories_category_id_library_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."library_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_subcategories" ADD CONSTRAINT "library_subcategories_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_acknowledgments_user_idx" ON "library_acknowledgments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "library_categories_slug_unique" ON "library_categories" USING btree ("library","slug") WHERE "library_categories"."slug" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "library_documents_slug_unique" ON "library_documents" USING btree ("library",coalesce("category_id", 0),coalesce("subcategory_id", 0),"slug") WHERE "library_documents"."slug" <> '';--> statement-breakpoint
CREATE INDEX "library_documents_list_idx" ON "library_documents" USING btree ("library","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "library_documents_category_idx" ON "library_documents" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "library_documents_subcategory_idx" ON "library_documents" USING btree ("subcategory_id");--> statement-breakpoint
CREATE INDEX "library_documents_effective_idx" ON "library_documents" USING btree ("library","effective_date");--> statement-breakpoint
CREATE INDEX "library_documents_search_trgm_idx" ON "library_documents" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "library_subcategories_slug_unique" ON "library_subcategories" USING btree ("category_id","slug") WHERE "library_subcategories"."slug" <> '';