CREATE TABLE "change_log_horizon" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"txid" bigint DEFAULT 0 NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "change_log_horizon_one_row" CHECK ("change_log_horizon"."only")
);
--> statement-breakpoint
INSERT INTO "change_log_horizon" DEFAULT VALUES;--> statement-breakpoint
CREATE INDEX "change_log_row_idx" ON "change_log" USING btree ("organization_id","entity","entity_id","txid","seq");--> statement-breakpoint
CREATE INDEX "orders_organization_draft_idx" ON "orders" USING btree ("organization_id") WHERE "orders"."is_draft";--> statement-breakpoint
CREATE INDEX "orders_transporting_draft_idx" ON "orders" USING btree ("transporting_organization_id") WHERE "orders"."is_draft";