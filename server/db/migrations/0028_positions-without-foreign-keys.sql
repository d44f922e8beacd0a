-- Each fix's foreign-key checks locked its device's and organization's rows: the ingest keeps only fixes of
-- existing devices itself, and a device's delete deletes its positions (see the schema).
ALTER TABLE "device_positions" DROP CONSTRAINT "device_positions_device_id_devices_id_fk";
--> statement-breakpoint
ALTER TABLE "device_positions" DROP CONSTRAINT "device_positions_organization_id_organizations_id_fk";
