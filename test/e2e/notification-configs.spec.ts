import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { signInBeforeOpening } from './pages/app.ts';
import { expectNoSeriousViolations, expectNoSeriousViolationsAbove } from './pages/axe.ts';
import { DispatchApi } from './pages/loads.ts';

/**
 * The notification configurations page (issue 12) as the company's administrator: a new
 * configuration starts on event 5 with Save held back until a contact is chosen, choosing another
 * event clears its filters, and one saved with a contact and a cargo type filter is listed.
 */
test('a notification configuration is created with a contact and a cargo type filter, the filters cleared by another event', async ({
  page,
  playwright,
}) => {
  const api = await DispatchApi.signIn(playwright.request, 'admin');
  const self = await api.self();
  const contactName = `Feed desk ${randomUUID().slice(0, 8)}`;
  const created = await api.context.post(`/api/organizations/${self.activeOrganizationId}/contacts`, {
    data: { name: contactName },
  });
  expect(created.status(), 'contact created').toBe(201);

  await signInBeforeOpening(page, 'admin');
  await page.goto('/manage-company/notification-configs');
  await expect(page.getByTestId('notificationConfigs-page')).toBeVisible();
  await expectNoSeriousViolations(page, 'the notification configurations page');
  await page.getByTestId('notificationConfigs-create').first().click();
  const form = page.getByRole('dialog', { name: 'Create notification configuration' });
  const eventType = form.getByTestId('notification-config-event-type');
  const stopCargoTypes = form.getByTestId('notification-config-stop-cargo-types');
  const save = form.getByTestId('notification-config-form-save');

  // Event type 5 by default; no contact yet, so Save waits and says why.
  await expect(eventType).toHaveValue('En route from origin');
  await expect(form.getByText('Choose at least one contact to notify.')).toBeVisible();
  await expect(save).toBeDisabled();
  await expectNoSeriousViolationsAbove(page, form, 'the notification configuration form');

  await stopCargoTypes.click();
  await page.getByRole('option', { name: 'Bulk Feed', exact: true }).click();
  await stopCargoTypes.press('Escape');
  await expect(form.getByText('Bulk Feed', { exact: true })).toBeVisible();

  // Another event clears the filters.
  await eventType.click();
  await page.getByRole('option', { name: 'Stop ETA', exact: true }).click();
  await expect(eventType).toHaveValue('Stop ETA');
  await expect(form.getByText('Bulk Feed', { exact: true })).toHaveCount(0);

  await stopCargoTypes.click();
  await page.getByRole('option', { name: 'Bulk Feed', exact: true }).click();
  await stopCargoTypes.press('Escape');
  const contacts = form.getByTestId('notification-config-contacts');
  await contacts.click();
  await contacts.fill(contactName);
  await page.getByRole('option', { name: contactName, exact: true }).click();
  await contacts.press('Escape');
  await expect(form.getByText('Choose at least one contact to notify.')).toHaveCount(0);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(form).toBeHidden();
  await expect(page.getByText('Stop ETA created')).toBeVisible();

  await page.getByTestId('notificationConfigs-search').fill(contactName);
  const row = page.getByTestId('notificationConfigs-row').filter({ hasText: contactName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Stop ETA');
  await expect(row).toContainText('Bulk Feed');
  await expectNoSeriousViolations(page, 'the notification configurations table');

  // The mirror keeps it across a reload.
  await page.reload();
  await page.getByTestId('notificationConfigs-search').fill(contactName);
  await expect(page.getByTestId('notificationConfigs-row').filter({ hasText: contactName })).toContainText('Bulk Feed');

  // At 768 px only the event and contacts columns stay: nothing scrolls sideways.
  await page.setViewportSize({ width: 768, height: 1024 });
  await expect(page.getByTestId('notificationConfigs-table')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the page scrolls sideways at 768 px').toBeLessThanOrEqual(0);
});
