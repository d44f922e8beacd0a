CREATE TABLE "device_tracking_states" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"state" jsonb NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stops" ADD COLUMN "estimated_arrival_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "device_tracking_states" ADD CONSTRAINT "device_tracking_states_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_tracking_states" ADD CONSTRAINT "device_tracking_states_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;