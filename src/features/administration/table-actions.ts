import { hasPermission, type PermissionName } from '#core/domain/access';
import { resourceOfKind, type WritableResource } from '#core/resources/resource-list';
import type { ResourceTableActions } from '#src/ui/resource-table.tsx';

/** The kinds of record the administration tables list (spec 2 §2): the declared writable ones, and two written elsewhere. */
export type ResourceType = WritableResource['kind'] | 'serviceAccount' | 'checklistTemplate';

/** The create, edit and delete permissions of a kind, as its declaration gives them (core/resources). */
function permissionsOf(type: ResourceType) {
  return type === 'serviceAccount' || type === 'checklistTemplate' ? undefined : resourceOfKind(type).writes?.permissions;
}

/** Spec 2 §2: downtime is kept for equipment and people, never these. */
const WITHOUT_DOWNTIME: readonly ResourceType[] = [
  'serviceAccount',
  'customer',
  'contact',
  'checklistTemplate',
  'device',
  'location',
];
/** Spec 2 §2: contact preferences (the sms icon) belong to users and contacts only. */
const WITH_CONTACT_PREFERENCES: readonly ResourceType[] = ['user', 'contact'];

/** The resource table's create, edit and delete, and the row actions of master data. */
export interface TableActions extends ResourceTableActions {
  downtime: boolean;
  contactPreferences: boolean;
}

interface PermissionHolder {
  permissions: readonly PermissionName[];
}

/**
 * What a table offers for a kind of record, by the user's permissions. `ownsEquipment` is false
 * where a carrier relation leaves the equipment (and its downtime) to the other side.
 */
export function tableActionsFor(type: ResourceType, user: PermissionHolder, ownsEquipment = true): TableActions {
  const permissions = permissionsOf(type);
  const may = (name: PermissionName | undefined) => !!name && hasPermission(user, name) && ownsEquipment;
  return {
    create: may(permissions?.create),
    edit: may(permissions?.edit),
    delete: may(permissions?.delete),
    downtime: !WITHOUT_DOWNTIME.includes(type) && hasPermission(user, 'ManageDowntime') && ownsEquipment,
    contactPreferences: WITH_CONTACT_PREFERENCES.includes(type) && !!permissions && hasPermission(user, permissions.edit),
  };
}
