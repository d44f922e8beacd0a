import { describe, expect, it } from 'vitest';
import type { PermissionName } from '#core/domain/access';
import { tableActionsFor } from './table-actions.ts';

const user = (...permissions: PermissionName[]) => ({ permissions });

describe('administration table actions', () => {
  it('offers create, edit and delete each by its own permission', () => {
    expect(tableActionsFor('tractor', user('ViewTractors'))).toMatchObject({ create: false, edit: false, delete: false });
    expect(tableActionsFor('tractor', user('CreateTractors'))).toMatchObject({ create: true, edit: false, delete: false });
    expect(tableActionsFor('trailer', user('EditTrailers'))).toMatchObject({ create: false, edit: true, delete: false });
    expect(tableActionsFor('customer', user('DeleteCustomers'))).toMatchObject({ create: false, edit: false, delete: true });
    expect(tableActionsFor('tractor', user('CreateTrailers'))).toMatchObject({ create: false });
  });

  it('offers downtime with ManageDowntime, never for customers, contacts, service accounts or checklist templates', () => {
    expect(tableActionsFor('tractor', user('ManageDowntime')).downtime).toBe(true);
    expect(tableActionsFor('trailer', user('ManageDowntime')).downtime).toBe(true);
    expect(tableActionsFor('tractor', user('EditTractors')).downtime).toBe(false);
    for (const type of ['customer', 'contact', 'serviceAccount', 'checklistTemplate'] as const) {
      expect(tableActionsFor(type, user('ManageDowntime')).downtime).toBe(false);
    }
  });

  it('offers contact preferences for users and contacts only, with their edit permission', () => {
    expect(tableActionsFor('user', user('EditUser')).contactPreferences).toBe(true);
    expect(tableActionsFor('contact', user('EditContacts')).contactPreferences).toBe(true);
    expect(tableActionsFor('contact', user('ViewContacts')).contactPreferences).toBe(false);
    expect(tableActionsFor('tractor', user('EditTractors')).contactPreferences).toBe(false);
  });

  it('leaves a carrier’s equipment and its downtime alone where its clients supply it', () => {
    const all = user('CreateTractors', 'EditTractors', 'DeleteTractors', 'ManageDowntime');
    expect(tableActionsFor('tractor', all, false)).toMatchObject({ create: false, edit: false, delete: false, downtime: false });
    expect(tableActionsFor('tractor', all, true)).toMatchObject({ create: true, edit: true, delete: true, downtime: true });
  });
});
