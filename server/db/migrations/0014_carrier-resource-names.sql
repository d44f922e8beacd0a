-- A carried load's served document names the carrier's driver, tractor and trailer for its owner
-- (`carrierResources`, server/features/orders/orders-json.ts). Documents stored before lack them: they
-- are dropped, so the load is built on the spot until its next write stores it again, and logged for
-- both sides, so the mirrors fetch it with their next pull.
DELETE FROM "order_documents" d USING "orders" o
 WHERE o."id" = d."order_id" AND o."transporting_organization_id" <> o."organization_id";
--> statement-breakpoint
INSERT INTO "change_log" ("organization_id", "entity", "entity_id", "op")
SELECT side."organization_id", 'order', o."id", 'upsert'
  FROM "orders" o
  CROSS JOIN LATERAL (VALUES (o."organization_id"), (o."transporting_organization_id")) AS side("organization_id")
 WHERE o."transporting_organization_id" <> o."organization_id";
