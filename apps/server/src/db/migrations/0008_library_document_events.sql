CREATE TABLE "library_document_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"event" text NOT NULL,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "library_document_events" ADD CONSTRAINT "library_document_events_document_id_library_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."library_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_document_events" ADD CONSTRAINT "library_document_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_document_events_document_idx" ON "library_document_events" USING btree ("document_id","id");--> statement-breakpoint
-- Until now a document's timeline was read from the audit log: carry that history over.
INSERT INTO "library_document_events" ("document_id", "event", "actor_id", "created_at")
SELECT d."id", 'created', d."created_by", d."created_at" FROM "library_documents" d;--> statement-breakpoint
INSERT INTO "library_document_events" ("document_id", "event", "actor_id", "created_at")
SELECT d."id",
       CASE split_part(a."action", '.', 2) WHEN 'approve' THEN 'approved' WHEN 'reject' THEN 'rejected' ELSE 'updated' END,
       CASE WHEN EXISTS (SELECT 1 FROM "users" u WHERE u."id" = a."actor_id") THEN a."actor_id" END,
       a."created_at"
FROM "audit_log" a
JOIN "library_documents" d
  ON d."id"::text = a."entity_id"
 AND a."entity_type" = CASE d."library" WHEN 'orders' THEN 'order' WHEN 'circulars' THEN 'circular' ELSE 'decision' END
WHERE split_part(a."action", '.', 2) IN ('update', 'approve', 'reject')
ORDER BY a."created_at", a."id";
