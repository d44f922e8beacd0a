import { MultiSelect, Select, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationConfigRecord } from '#core/contract/notification-configs';
import type { NotificationEventType } from '#core/contract/people';
import { ApiError } from '#src/data/api-client.ts';
import { useMirrorList } from '#src/data/loads.ts';
import { FormModal } from '#src/ui/form-modal.tsx';
import { errorMessage, useRecordForm } from '../forms/use-record-form.ts';
import { MasterDataPage } from '../master-data-page.tsx';
import type { ResourceColumn } from '#src/ui/resource-table-rows.ts';
import { type AdminContext, useAdminContext } from '../use-admin-context.ts';
import {
  CONFIGURABLE_EVENT_TYPES,
  eventTypeKey,
  notificationConfigErrors,
  notificationConfigInput,
  notificationConfigValues,
  withChosenEventType,
} from './notification-config-values.ts';

/** /manage-company/notification-configs (spec 2 §2): who is told of which event, narrowed by filters. */
export function NotificationConfigsPage() {
  const context = useAdminContext();
  return context ? <NotificationConfigs context={context} /> : null;
}

type EventTypeKey = NotificationEventType['key'];

/** The event types' labels: those contacts choose among are the preferences' own (namespace people). */
function eventTypeLabels(t: TFunction<['notifications', 'people']>): Partial<Record<EventTypeKey, string>> {
  return {
    stopEta: t('people:eventTypes.stopEta'),
    stopEtaDelayed: t('people:eventTypes.stopEtaDelayed'),
    stopEnrouteToDestination: t('people:eventTypes.stopEnrouteToDestination'),
    stopDeliveredToDestination: t('people:eventTypes.stopDeliveredToDestination'),
    stopEnrouteFromOrigin: t('people:eventTypes.stopEnrouteFromOrigin'),
    stopCompletedAtOrigin: t('people:eventTypes.stopCompletedAtOrigin'),
    stopArrivedWrongLocation: t('people:eventTypes.stopArrivedWrongLocation'),
    stopCompletedWrongLocation: t('people:eventTypes.stopCompletedWrongLocation'),
    siteIssueRecorded: t('people:eventTypes.siteIssueRecorded'),
    enterAvoidanceZone: t('people:eventTypes.enterAvoidanceZone'),
    checklistDefects: t('people:eventTypes.checklistDefects'),
    apiRequestIssue: t('notifications:systemEventTypes.apiRequestIssue'),
    apiRequestMissingResources: t('notifications:systemEventTypes.apiRequestMissingResources'),
    stopCommentsAdded: t('people:eventTypes.stopCommentsAdded'),
    stopImagesAdded: t('people:eventTypes.stopImagesAdded'),
    stopSplit: t('people:eventTypes.stopSplit'),
  };
}

interface NamedRow {
  id: number;
  organizationId?: number;
}

/** The names of the rows a configuration and its form name, from the mirror (so they show offline). */
function useNames(organizationId: number) {
  const { data: contacts } = useMirrorList('contacts');
  const { data: cargoTypes } = useMirrorList('cargoTypes');
  const { data: locations } = useMirrorList('locations');
  const { data: customers } = useMirrorList('customers');
  return useMemo(() => {
    // A carrier's mirror also holds its clients' rows; a configuration names its own organization's.
    const own = <Row extends NamedRow>(rows: Row[] | undefined) =>
      (rows ?? []).filter((row) => row.organizationId === undefined || row.organizationId === organizationId);
    const options = <Row extends NamedRow>(rows: Row[] | undefined, name: (row: Row) => string) =>
      own(rows)
        .map((row) => ({ value: String(row.id), label: name(row) }))
        .sort((a, b) => a.label.localeCompare(b.label));
    return {
      contacts: options(contacts, (contact) => contact.name),
      cargoTypes: options(cargoTypes, (cargoType) => cargoType.label),
      sites: options(locations, (location) => location.name),
      customers: options(customers, (customer) => customer.customerName),
    };
  }, [contacts, cargoTypes, locations, customers, organizationId]);
}

type Names = ReturnType<typeof useNames>;

const namesOf = (options: Names[keyof Names], ids: readonly number[] | null) =>
  (ids ?? []).map((id) => options.find((option) => option.value === String(id))?.label ?? `#${id}`).join(', ');

function NotificationConfigs({ context }: { context: AdminContext }) {
  const { t } = useTranslation(['notifications', 'people']);
  const names = useNames(context.organizationId);
  const labels = eventTypeLabels(t);
  const eventTypeName = (row: NotificationConfigRecord) => {
    const key = eventTypeKey(row.notificationEventTypeId);
    return (key && labels[key]) || String(row.notificationEventTypeId);
  };
  // No filter matches every record: the column says so rather than staying blank.
  const filterText = (options: Names[keyof Names], ids: readonly number[] | null) =>
    ids?.length ? namesOf(options, ids) : t('notifications:anyValue');
  const columns: ResourceColumn<NotificationConfigRecord>[] = [
    { key: 'eventType', labelKey: 'notifications:fields.eventType', text: eventTypeName, filterable: true, essential: true },
    {
      key: 'contacts',
      labelKey: 'notifications:fields.contacts',
      text: (row) => namesOf(names.contacts, row.contactIds),
      essential: true,
    },
    {
      key: 'stopCargoTypes',
      labelKey: 'notifications:fields.stopCargoTypes',
      text: (row) => filterText(names.cargoTypes, row.stopCargoTypeIds),
    },
    {
      key: 'trailerCargoTypes',
      labelKey: 'notifications:fields.trailerCargoTypes',
      text: (row) => filterText(names.cargoTypes, row.trailerCargoTypeIds),
    },
    {
      key: 'originSites',
      labelKey: 'notifications:fields.originSites',
      text: (row) => filterText(names.sites, row.originSiteIds),
    },
    {
      key: 'destinationSites',
      labelKey: 'notifications:fields.destinationSites',
      text: (row) => filterText(names.sites, row.destinationSiteIds),
    },
    {
      key: 'customers',
      labelKey: 'notifications:fields.customers',
      text: (row) => filterText(names.customers, row.customerIds),
    },
  ];
  return (
    <MasterDataPage
      context={context}
      collection="notificationConfigs"
      type="notificationConfig"
      title={t('notifications:title')}
      columns={columns}
      itemName={eventTypeName}
      renderForm={(row, close) => (
        <NotificationConfigForm
          context={context}
          row={row}
          names={names}
          eventTypeName={eventTypeName}
          labels={labels}
          onClose={close}
        />
      )}
      describeError={(error) => notificationConfigErrorMessage(error, t)}
    />
  );
}

/** The server's refusals in the user's language; one it does not name is said from the error's code. */
function notificationConfigErrorMessage(error: unknown, t: TFunction<['notifications', 'people']>): string {
  if (!(error instanceof ApiError) || !error.body) return errorMessage(error);
  const known: Record<string, string> = {
    contactsRequired: t('notifications:errors.contactsRequired'),
    notYetImplemented: t('people:errors.notYetImplemented'),
  };
  const issues = (error.body.issues ?? []).flatMap((issue) => known[issue.message] ?? []);
  return issues.length > 0 ? [...new Set(issues)].join('; ') : errorMessage(error);
}

function NotificationConfigForm({
  context,
  row,
  names,
  eventTypeName,
  labels,
  onClose,
}: {
  context: AdminContext;
  row: NotificationConfigRecord | null;
  names: Names;
  eventTypeName: (row: NotificationConfigRecord) => string;
  labels: Partial<Record<EventTypeKey, string>>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['notifications', 'people']);
  const form = useRecordForm({
    collection: 'notificationConfigs',
    organizationId: context.organizationId,
    row,
    toValues: notificationConfigValues,
    toInput: notificationConfigInput,
    nameOf: eventTypeName,
    onSaved: onClose,
    describeError: (error) => notificationConfigErrorMessage(error, t),
  });
  const { values, setValues } = form;
  const errors = notificationConfigErrors(values);
  const eventTypes = CONFIGURABLE_EVENT_TYPES.map((type) => ({ value: String(type.id), label: labels[type.key] ?? type.key }));
  const filter = (
    field: 'stopCargoTypeIds' | 'trailerCargoTypeIds' | 'destinationSiteIds' | 'originSiteIds' | 'customerIds',
  ) => ({
    value: values[field],
    onChange: (ids: string[]) => setValues({ ...values, [field]: ids }),
    placeholder: values[field].length ? undefined : t('notifications:anyValue'),
    nothingFoundMessage: t('notifications:nothingFound'),
  });
  return (
    <FormModal
      {...form.modal}
      title={
        form.isNew ? t('notifications:createTitle') : t('notifications:editTitle', { name: form.row && eventTypeName(form.row) })
      }
      canSave={errors.contactIds === null}
      onClose={onClose}
      testId="notification-config-form"
    >
      <Select
        label={t('notifications:fields.eventType')}
        required
        data-autofocus
        data={eventTypes}
        value={values.notificationEventTypeId}
        onChange={(id) => id && setValues(withChosenEventType(values, id))}
        allowDeselect={false}
        description={t('notifications:eventTypeClearsFilters')}
        data-testid="notification-config-event-type"
      />
      <MultiSelect
        searchable
        clearable
        label={t('notifications:fields.contacts')}
        required
        data={names.contacts}
        value={values.contactIds}
        onChange={(contactIds) => setValues({ ...values, contactIds })}
        nothingFoundMessage={t('notifications:nothingFound')}
        error={errors.contactIds ? t('notifications:errors.contactsRequired') : undefined}
        data-testid="notification-config-contacts"
      />
      <Text size="sm" fw={500} mt="xs">
        {t('notifications:filtersHeading')}
      </Text>
      <MultiSelect
        searchable
        clearable
        label={t('notifications:fields.stopCargoTypes')}
        data={names.cargoTypes}
        {...filter('stopCargoTypeIds')}
        data-testid="notification-config-stop-cargo-types"
      />
      <MultiSelect
        searchable
        clearable
        label={t('notifications:fields.trailerCargoTypes')}
        data={names.cargoTypes}
        {...filter('trailerCargoTypeIds')}
        data-testid="notification-config-trailer-cargo-types"
      />
      <MultiSelect
        searchable
        clearable
        label={t('notifications:fields.originSites')}
        data={names.sites}
        {...filter('originSiteIds')}
        data-testid="notification-config-origin-sites"
      />
      <MultiSelect
        searchable
        clearable
        label={t('notifications:fields.destinationSites')}
        data={names.sites}
        {...filter('destinationSiteIds')}
        data-testid="notification-config-destination-sites"
      />
      <MultiSelect
        searchable
        clearable
        label={t('notifications:fields.customers')}
        data={names.customers}
        {...filter('customerIds')}
        data-testid="notification-config-customers"
      />
    </FormModal>
  );
}
