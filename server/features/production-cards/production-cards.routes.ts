import { and, eq, gte, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { okSchema } from '#core/contract/common';
import {
  generateGroupSchema,
  groupPreviewQuerySchema,
  groupPreviewSchema,
  orderGroupParamsSchema,
  orderGroupSchema,
  orderGroupsAnswerSchema,
  orderGroupsQuerySchema,
  productionCardInputSchema,
  productionCardParamsSchema,
  productionCardSchema,
  productionCardsAnswerSchema,
  productionCardsQuerySchema,
} from '#core/contract/production-cards';
import { PAGE_RULES } from '#core/domain/access';
import { writableResource } from '#core/resources/resource-list';
import { writeRule } from '#core/resources/write-rule';
import { type ServerContext, zodRoutes } from '#server/context';
import { guard, requireAuth } from '#server/plugins/auth';
import { notFound } from '#server/plugins/error-handler';
import { registerResourceRoutes } from '#server/resources/resource-routes';
import { registerUse } from '#server/resources/uses';
import { generateGroup, listGroups, previewGroup, unlinkGroup } from './order-groups.service.ts';
import { productionCards } from './production-cards.schema.ts';
import { cardsAtLocation, productionCardsWhere, productionCardStore } from './production-cards.store.ts';

const page = PAGE_RULES.productionPlanning;
/** Generating a group creates loads (spec 3: moving cards needs CreateOrder). */
const generating = { ...page, permissions: [...page.permissions, 'CreateOrder' as const] };
/** Spec 3: unlinking a group needs DeleteOrder. */
const unlinking = { ...page, permissions: [...page.permissions, 'DeleteOrder' as const] };

/**
 * Production planning (spec 3): cards on the record routes (`/organizations/{orgId}/production-cards`)
 * and spec 3's paths to the same writes, their read by date range, and order groups — their preview, generation, list and unlinking —
 * which need a connection (the server recomputes the distribution and writes the drafts).
 */
export function registerProductionCardRoutes(app: FastifyInstance, context: ServerContext) {
  const { db, realtime, routing } = context;
  const declaration = writableResource('productionCards');
  const cards = registerResourceRoutes(app, context, declaration, productionCardStore);
  // A site that cards start or end at stays while they name it.
  registerUse('location', 'productionCard', cardsAtLocation);
  const api = zodRoutes(app);
  const tags = ['production-cards'];

  api.get(
    '/production-cards',
    {
      schema: { tags, querystring: productionCardsQuerySchema, response: { 200: productionCardsAnswerSchema } },
      onRequest: guard(page),
    },
    async (request) => {
      const auth = requireAuth(request);
      const { startDate, endDate, cargoTypeId } = request.query;
      return productionCardsWhere(
        db,
        and(
          eq(productionCards.organizationId, auth.organizationId),
          gte(productionCards.targetDate, startDate),
          lte(productionCards.targetDate, endDate),
          cargoTypeId === undefined ? undefined : eq(productionCards.cargoTypeId, cargoTypeId),
        ),
      );
    },
  );

  // Spec 3's paths to the same writes, for API callers: the record routes' create, and delete by guid.
  api.post(
    '/production-cards',
    {
      schema: { tags, body: productionCardInputSchema, response: { 201: productionCardSchema } },
      onRequest: guard(writeRule(declaration.writes, 'create')),
    },
    async (request, reply) => reply.code(201).send(await cards.create(requireAuth(request), request.body)),
  );

  api.delete(
    '/production-cards/:guid',
    {
      schema: { tags, params: productionCardParamsSchema, response: { 200: okSchema } },
      onRequest: guard(writeRule(declaration.writes, 'delete')),
    },
    async (request) => {
      const auth = requireAuth(request);
      const [card] = await db
        .select({ id: productionCards.id })
        .from(productionCards)
        .where(and(eq(productionCards.organizationId, auth.organizationId), eq(productionCards.guid, request.params.guid)));
      if (!card) throw notFound('Production card');
      await cards.remove(auth, card.id);
      return { ok: true as const };
    },
  );

  api.get(
    '/production-cards/group-preview',
    {
      schema: { tags, querystring: groupPreviewQuerySchema, response: { 200: groupPreviewSchema } },
      onRequest: guard(page),
    },
    async (request) => previewGroup(db, requireAuth(request), request.query.ids, request.query.distributionMode),
  );

  api.get(
    '/production-cards/groups',
    {
      schema: { tags, querystring: orderGroupsQuerySchema, response: { 200: orderGroupsAnswerSchema } },
      onRequest: guard(page),
    },
    async (request) => listGroups(db, requireAuth(request), request.query.from, request.query.to),
  );

  api.post(
    '/production-cards/groups',
    {
      schema: { tags, body: generateGroupSchema, response: { 201: orderGroupSchema } },
      onRequest: guard(generating),
    },
    async (request, reply) =>
      reply.code(201).send(await generateGroup(db, realtime, routing, requireAuth(request), request.body)),
  );

  api.delete(
    '/production-cards/groups/:guid',
    {
      schema: { tags, params: orderGroupParamsSchema, response: { 200: okSchema } },
      onRequest: guard(unlinking),
    },
    async (request) => {
      await unlinkGroup(db, realtime, requireAuth(request), request.params.guid);
      return { ok: true as const };
    },
  );
}
