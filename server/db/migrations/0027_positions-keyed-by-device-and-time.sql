-- A fix paid for two index entries and a sequence step: the serial id nothing read, and the unique
-- device-and-time index. That index becomes the primary key as it is, with no rebuild of a large table.
ALTER TABLE "device_positions" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "device_positions" ADD CONSTRAINT "device_positions_device_time_pk" PRIMARY KEY USING INDEX "device_positions_device_time_idx";
