import type { FastifyInstance } from 'fastify';
import { writableResource } from '#core/resources/resource-list';
import type { ServerContext } from '#server/context';
import { registerResourceRoutes } from '#server/resources/resource-routes';
import { registerUse } from '#server/resources/uses';
import {
  configurationsFilteringCustomer,
  configurationsFilteringSite,
  configurationsNamingContact,
  notificationConfigStore,
} from './notification-configs.service.ts';

/**
 * Notification configurations (spec 2 §7) under `/organizations/{orgId}/notification-configs`, through
 * the record routes: guarded like their page (ViewNotificationConfigs and EditCompany, not for carriers).
 */
export function registerNotificationConfigRoutes(app: FastifyInstance, context: ServerContext) {
  registerResourceRoutes(app, context, writableResource('notificationConfigs'), notificationConfigStore);
  // A contact a configuration tells, or a customer or site it filters on, stays while it does.
  registerUse('contact', 'notificationConfig', configurationsNamingContact);
  registerUse('customer', 'notificationConfig', configurationsFilteringCustomer);
  registerUse('location', 'notificationConfig', configurationsFilteringSite);
}
