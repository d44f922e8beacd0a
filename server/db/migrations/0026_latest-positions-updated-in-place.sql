DROP INDEX "device_latest_positions_organization_idx";--> statement-breakpoint
CREATE INDEX "device_latest_positions_organization_idx" ON "device_latest_positions" USING btree ("organization_id");--> statement-breakpoint
-- Each fix rewrites its device's latest position and tracking state: half of each page kept free lets
-- the update be made in place on its page (HOT), with no new index entry. Not in the Drizzle schema: it has no storage parameters.
ALTER TABLE "device_latest_positions" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "device_tracking_states" SET (fillfactor = 50);
