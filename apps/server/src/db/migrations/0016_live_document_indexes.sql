DROP INDEX "library_documents_list_idx";--> statement-breakpoint
DROP INDEX "library_documents_category_idx";--> statement-breakpoint
DROP INDEX "library_documents_subcategory_idx";--> statement-breakpoint
CREATE INDEX "library_documents_list_idx" ON "library_documents" USING btree ("library","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "library_documents"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "library_documents_category_idx" ON "library_documents" USING btree ("category_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "library_documents"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "library_documents_subcategory_idx" ON "library_documents" USING btree ("subcategory_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "library_documents"."deleted_at" IS NULL;