import type { FastifyInstance } from 'fastify';
import { organizationParamsSchema } from '#core/contract/common';
import { deliveryTicketsQuerySchema, exportSettingsSchema, loadsCsvExportBodySchema } from '#core/contract/exports';
import { type ServerContext, zodRoutes } from '#server/context';
import { guard, requireAuth } from '#server/plugins/auth';
import { notFound } from '#server/plugins/error-handler';
import { deliveryTicketsPdf } from './delivery-tickets.ts';
import { loadsForExport, resolveExportSettings } from './export-data.ts';
import { exportFormat, isoDate } from './export-format.ts';
import { loadsCsv } from './loads-csv.ts';

function disposition(kind: 'attachment' | 'inline', fileName: string) {
  return `${kind}; filename="${fileName}"`;
}

export function registerExportRoutes(app: FastifyInstance, { db }: ServerContext) {
  const api = zodRoutes(app);

  api.post(
    '/organizations/:orgId/loads-csv-export',
    {
      schema: {
        tags: ['exports'],
        summary: 'The chosen loads as CSV, one row per stop (text/csv, UTF-8 with BOM)',
        params: organizationParamsSchema,
        querystring: exportSettingsSchema,
        body: loadsCsvExportBodySchema,
      },
      onRequest: guard({ permissions: ['ViewOwningOrders'] }),
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      // Only the active organization exports; another id answers as if it did not exist.
      if (request.params.orgId !== auth.organizationId) throw notFound('Organization');
      const loads = await loadsForExport(db, auth, request.body.loadIds);
      if (!loads) throw notFound('Load');
      const format = exportFormat(await resolveExportSettings(db, auth, request.query));
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', disposition('attachment', `loads-${isoDate(new Date(), format.settings.timezone)}.csv`))
        .header('Cache-Control', 'no-store')
        .send(loadsCsv(loads, format));
    },
  );

  api.get(
    '/orders/delivery-tickets',
    {
      schema: {
        tags: ['exports'],
        summary: 'Delivery tickets as a PDF, one page per load',
        querystring: deliveryTicketsQuerySchema,
      },
      onRequest: guard({ features: ['DeliveryTickets'], permissions: ['ViewOwningOrders'] }),
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { orderIds, ...settings } = request.query;
      const loads = await loadsForExport(db, auth, orderIds);
      if (!loads) throw notFound('Load');
      const format = exportFormat(await resolveExportSettings(db, auth, settings));
      const now = new Date();
      const pdf = await deliveryTicketsPdf(loads, format, now);
      return (
        reply
          .type('application/pdf')
          // Inline: the tickets open in the browser's PDF viewer (a new tab) to print; saving keeps this name.
          .header('Content-Disposition', disposition('inline', `delivery-tickets-${isoDate(now, format.settings.timezone)}.pdf`))
          .header('Cache-Control', 'no-store')
          .send(pdf)
      );
    },
  );
}
