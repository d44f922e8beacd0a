import {
  Avatar,
  Badge,
  Button,
  Divider,
  Group,
  MultiSelect,
  Popover,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconBell, IconLogout } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ContactSettingsUpdate, DRAFTS_SORT_ORDERS, type Preferences } from '#core/contract/user';
import { timezoneOptions } from '#core/domain/date-format';
import { LANGUAGES, TIMEZONES } from '#core/domain/locale';
import { UNIT_SYSTEMS, WEIGHT_UNITS } from '#core/domain/units';
import { useOutboxChanges } from '#src/data/loads.ts';
import { useOnlineStatus } from '#src/data/online-status.ts';
import { saveContactSettings, savePreferences, selfQuery } from '#src/data/session-queries.ts';
import { useReferenceRows } from '#src/features/loads/actions/reference-rows.ts';
import { reportError } from '../error-reporting.ts';
import { applyLanguage } from '../i18n.ts';

// The preferences dialog brings the contact contract (and the phone library): loaded when first opened.
const OwnPreferencesDialog = lazy(() =>
  import('#src/features/administration/contacts/contact-preferences-dialog.tsx').then((module) => ({
    default: module.OwnPreferencesDialog,
  })),
);

/** Sort orders are stored as `field:direction`; i18next reads ':' as a namespace separator, so keys are camel case. */
function sortOrderKey(order: string) {
  return order.replace(/:(\w)/, (_, letter: string) => letter.toUpperCase());
}

const COLUMN_TOGGLES = ['showLoadDate', 'showEstimatedTotalTripTime', 'showTractor', 'showTrailer'] as const;

/** The user settings popover (spec 1 §2); every change saves at once. */
export function SettingsPopover() {
  const { t } = useTranslation('settings');
  const { t: tPeople, i18n } = useTranslation('people');
  const queryClient = useQueryClient();
  const { data: self } = useQuery(selfQuery);
  const [saving, setSaving] = useState(false);
  const [notificationsOpen, setNotificationsOpen] = useState(false);
  const { drivers, trailers } = useReferenceRows();
  // Signing out clears this device's data, queued changes included: not while they cannot be sent.
  const queued = useOutboxChanges();
  const online = useOnlineStatus();
  if (!self) return null;

  const updateContact = async (change: Partial<ContactSettingsUpdate>) => {
    const next: ContactSettingsUpdate = {
      language: self.contact.language,
      timezone: self.contact.timezone,
      units: self.contact.units,
      unitsWeight: self.contact.unitsWeight,
      ...change,
    };
    if (change.language) void applyLanguage(change.language);
    setSaving(true);
    try {
      await saveContactSettings(queryClient, next);
    } catch (error) {
      void applyLanguage(self.contact.language);
      reportError(error);
    } finally {
      setSaving(false);
    }
  };

  const updatePreferences = async (change: Partial<Preferences>) => {
    const previous = self.preferences;
    const next: Preferences = { ...previous, ...change };
    // Optimistic: the toggle moves at once and moves back if the server refuses.
    queryClient.setQueryData(selfQuery.queryKey, (current) => (current ? { ...current, preferences: next } : current));
    try {
      await savePreferences(queryClient, self.id, next);
    } catch (error) {
      queryClient.setQueryData(selfQuery.queryKey, (current) => (current ? { ...current, preferences: previous } : current));
      reportError(error);
    }
  };

  const initials = self.name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();

  // A carrier's mirror also names its clients' drivers and trailers; a disabled one stays listed while removed.
  const removedChoice = (
    rows: readonly { id: number; organizationId: number; enabled: boolean; label: string }[],
    removed: readonly number[],
  ) =>
    rows
      .filter((row) => row.organizationId === self.activeOrganizationId && (row.enabled || removed.includes(row.id)))
      .map((row) => ({ value: String(row.id), label: row.label }));
  const removedDrivers = self.preferences.removedDrivers ?? [];
  const removedTrailers = self.preferences.removedTrailers ?? [];

  return (
    <>
      <Popover width={340} position="bottom-end" shadow="md" withArrow trapFocus>
        <Popover.Target>
          {/* Named by its content, visible name first, so speech control ("click Maria Smith") finds it. */}
          <UnstyledButton data-testid="settings-button">
            <Group gap="xs" wrap="nowrap">
              <Avatar color="teal" radius="xl" size={36} aria-hidden>
                {initials}
              </Avatar>
              <Text size="sm" fw={500} visibleFrom="sm" data-testid="header-user-name">
                {self.name}
              </Text>
              <VisuallyHidden>{t('open')}</VisuallyHidden>
            </Group>
          </UnstyledButton>
        </Popover.Target>
        {/* The popover outgrows short screens: it scrolls rather than leaving the window. */}
        <Popover.Dropdown data-testid="settings-popover" mah="calc(100dvh - 5rem)" style={{ overflowY: 'auto' }}>
          <Stack gap="sm">
            <div>
              <Text fw={600}>{self.name}</Text>
              <Text size="sm" c="dimmed">
                {self.organization.name}
              </Text>
              <Group gap={4} mt={4}>
                {self.roles.map((role) => (
                  <Badge key={role.id} variant="light" size="sm">
                    {t(`roles.${role.name}`, { defaultValue: role.name })}
                  </Badge>
                ))}
              </Group>
            </div>
            <Divider />
            <Select
              label={t('language')}
              data-testid="settings-language"
              value={self.contact.language}
              allowDeselect={false}
              disabled={saving}
              comboboxProps={{ withinPortal: false }}
              data={LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
              onChange={(value) => value && void updateContact({ language: value as ContactSettingsUpdate['language'] })}
            />
            <Select
              label={t('timezone')}
              value={self.contact.timezone}
              allowDeselect={false}
              searchable
              disabled={saving}
              comboboxProps={{ withinPortal: false }}
              data={timezoneOptions(TIMEZONES, i18n.language)}
              onChange={(value) => value && void updateContact({ timezone: value as ContactSettingsUpdate['timezone'] })}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('distanceUnits')}
              </Text>
              <SegmentedControl
                fullWidth
                value={self.contact.units}
                disabled={saving}
                data={UNIT_SYSTEMS.map((system) => ({ value: system, label: t(`unitSystems.${system}`) }))}
                onChange={(value) => void updateContact({ units: value as ContactSettingsUpdate['units'] })}
              />
            </Stack>
            <Select
              label={t('weightUnits')}
              value={self.contact.unitsWeight}
              allowDeselect={false}
              disabled={saving}
              comboboxProps={{ withinPortal: false }}
              data={WEIGHT_UNITS.map((unit) => ({ value: unit, label: t(`weightUnitNames.${unit}`) }))}
              onChange={(value) => value && void updateContact({ unitsWeight: value as ContactSettingsUpdate['unitsWeight'] })}
            />
            {!self.organization.isCarrier && (
              <Select
                label={t('draftsSort')}
                data-testid="settings-drafts-sort"
                value={self.preferences.draftsLoadsDefaultSort ?? 'firstStopTime:asc'}
                allowDeselect={false}
                comboboxProps={{ withinPortal: false }}
                data={DRAFTS_SORT_ORDERS.map((order) => ({ value: order, label: t(`draftsSortOrders.${sortOrderKey(order)}`) }))}
                onChange={(value) =>
                  value && void updatePreferences({ draftsLoadsDefaultSort: value as Preferences['draftsLoadsDefaultSort'] })
                }
              />
            )}
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                {t('columns')}
              </Text>
              {COLUMN_TOGGLES.map((toggle) => (
                <Switch
                  key={toggle}
                  label={t(`toggles.${toggle}`)}
                  checked={self.preferences[toggle] ?? true}
                  onChange={(event) => void updatePreferences({ [toggle]: event.currentTarget.checked } as Partial<Preferences>)}
                />
              ))}
            </Stack>
            <Divider />
            <Stack gap={6} data-testid="settings-resource-preferences">
              <Text size="sm" fw={500}>
                {tPeople('settings.resourcePreferences')}
              </Text>
              <Text size="xs" c="dimmed">
                {tPeople('settings.resourcePreferencesHint')}
              </Text>
              <MultiSelect
                label={tPeople('settings.removedDrivers')}
                data={removedChoice(
                  drivers.map((row) => ({ ...row, label: row.name })),
                  removedDrivers,
                )}
                value={removedDrivers.map(String)}
                onChange={(ids) => void updatePreferences({ removedDrivers: ids.map(Number) })}
                searchable
                clearable
                comboboxProps={{ withinPortal: false }}
                data-testid="settings-removed-drivers"
              />
              <MultiSelect
                label={tPeople('settings.removedTrailers')}
                data={removedChoice(
                  trailers.map((row) => ({ ...row, label: row.userDisplayName })),
                  removedTrailers,
                )}
                value={removedTrailers.map(String)}
                onChange={(ids) => void updatePreferences({ removedTrailers: ids.map(Number) })}
                searchable
                clearable
                comboboxProps={{ withinPortal: false }}
                data-testid="settings-removed-trailers"
              />
            </Stack>
            {/* Spec 1 §2: hidden for carriers. */}
            {!self.organization.isCarrier && (
              <Button
                variant="default"
                leftSection={<IconBell size={18} />}
                onClick={() => setNotificationsOpen(true)}
                data-testid="settings-notification-preferences"
              >
                {tPeople('settings.notificationPreferences')}
              </Button>
            )}
            <Divider />
            {queued.length > 0 && (
              <Text size="sm" c="orange.8" data-testid="sign-out-warning">
                {t('signOutQueued', { count: queued.length })}
              </Text>
            )}
            <Button
              component={Link}
              to="/logout"
              variant="light"
              color="red"
              leftSection={<IconLogout size={18} />}
              disabled={queued.length > 0 && !online}
            >
              {t('signOut')}
            </Button>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      {notificationsOpen && (
        <Suspense fallback={null}>
          <OwnPreferencesDialog name={self.name} onClose={() => setNotificationsOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
