-- The old rows were keyed differently and only matter for 15 minutes; the new columns cannot be filled from them.
DELETE FROM "login_failures";--> statement-breakpoint
DROP INDEX "login_failures_subject_idx";--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "username" text NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "address" text NOT NULL;--> statement-breakpoint
CREATE INDEX "login_failures_account_address_idx" ON "login_failures" USING btree ("username","address","failed_at");--> statement-breakpoint
CREATE INDEX "login_failures_address_idx" ON "login_failures" USING btree ("address","failed_at");--> statement-breakpoint
CREATE INDEX "login_failures_failed_at_idx" ON "login_failures" USING btree ("failed_at");--> statement-breakpoint
ALTER TABLE "login_failures" DROP COLUMN "subject";