CREATE TABLE "order_documents" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"document" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;