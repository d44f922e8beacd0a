-- A carrier's change feed carries the owner's sites, customers and cargo types its loads name
-- (server/features/sync/carried-references.ts); writes log them from now on, and this logs those
-- named today, so a database seeded or written before gets them with the carrier's next pull.
INSERT INTO "change_log" ("organization_id", "entity", "entity_id", "op")
SELECT DISTINCT o."transporting_organization_id", named."entity", named."id", 'upsert'
  FROM "orders" o
  JOIN "stops" s ON s."order_id" = o."id"
  CROSS JOIN LATERAL (VALUES ('location', s."location_id"), ('customer', s."customer_id"), ('cargoType', s."cargo_type_id")) AS named("entity", "id")
 WHERE o."transporting_organization_id" <> o."organization_id" AND named."id" IS NOT NULL;
