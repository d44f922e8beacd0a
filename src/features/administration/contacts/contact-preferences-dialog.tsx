import { Alert, Button, Checkbox, Group, Loader, Modal, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ContactPreference, contactPreferencesSchema, PREFERENCE_CHANNELS } from '#core/contract/people';
import { apiRequest } from '#src/data/api-client.ts';
import { ExplainedButton } from '#src/ui/explained-button.tsx';
import { peopleErrorMessage } from '../users/people-errors.ts';
import {
  channelState,
  EVENT_TYPE_GROUPS,
  type EventTypeGroup,
  type PreferenceChannel,
  preferenceKey,
  preferencesBody,
  SHOWN_EVENT_TYPES,
  type ShownEventKey,
  shownSelection,
  toggled,
  withChannel,
} from './preference-values.ts';

/** Where a contact's preferences are read and replaced: the administration route, or the user's own. */
export interface PreferencesEndpoint {
  path: string;
  saveMethod: 'POST' | 'PUT';
}

export const contactPreferencesEndpoint = (organizationId: number, contactId: number): PreferencesEndpoint => ({
  path: `/organizations/${organizationId}/contacts/${contactId}/notification-preferences`,
  saveMethod: 'POST',
});

/** The settings popover's: needs no contact permission. */
const OWN_PREFERENCES_ENDPOINT: PreferencesEndpoint = { path: '/self/notification-preferences', saveMethod: 'PUT' };

/** A contact's notification preferences, read from the server (the mirror keeps only their count). */
function useContactPreferences(endpoint: PreferencesEndpoint) {
  return useQuery({
    queryKey: ['contactPreferences', endpoint.path],
    queryFn: ({ signal }) => apiRequest(endpoint.path, contactPreferencesSchema, { signal }),
    staleTime: 0,
    meta: { persist: false },
  });
}

function useSaveContactPreferences(endpoint: PreferencesEndpoint) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { reportsOwnErrors: true },
    mutationFn: (body: ContactPreference[]) =>
      apiRequest(endpoint.path, contactPreferencesSchema, { method: endpoint.saveMethod, body }),
    onSuccess: (saved) => queryClient.setQueryData(['contactPreferences', endpoint.path], saved),
  });
}

/** The contact preferences dialog (sms icon of users and contacts). */
export function ContactPreferencesDialog({
  endpoint,
  name,
  onClose,
}: {
  endpoint: PreferencesEndpoint;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('people');
  const preferences = useContactPreferences(endpoint);
  return (
    <Modal opened onClose={onClose} title={t('preferences.title', { name })} size="xl" data-testid="contact-preferences">
      {preferences.data ? (
        <PreferencesEditor endpoint={endpoint} name={name} answered={preferences.data} onClose={onClose} />
      ) : preferences.isError || preferences.fetchStatus === 'paused' ? (
        <Alert color="yellow" role="status">
          {t('preferences.needsConnection')}
        </Alert>
      ) : (
        <Group justify="center" p="md">
          <Loader size="sm" role="status" aria-label={t('preferences.loading')} />
        </Group>
      )}
    </Modal>
  );
}

/** The event types by group, a checkbox per channel, the all/none toggles, and Save. */
function PreferencesEditor({
  endpoint,
  name,
  answered,
  onClose,
}: {
  endpoint: PreferencesEndpoint;
  name: string;
  answered: ContactPreference[];
  onClose: () => void;
}) {
  const { t } = useTranslation('people');
  const [selection, setSelection] = useState(() => shownSelection(answered));
  const save = useSaveContactPreferences(endpoint);
  const eventLabels: Record<ShownEventKey, string> = {
    stopEta: t('eventTypes.stopEta'),
    stopEtaDelayed: t('eventTypes.stopEtaDelayed'),
    stopEnrouteToDestination: t('eventTypes.stopEnrouteToDestination'),
    stopDeliveredToDestination: t('eventTypes.stopDeliveredToDestination'),
    stopEnrouteFromOrigin: t('eventTypes.stopEnrouteFromOrigin'),
    stopCompletedAtOrigin: t('eventTypes.stopCompletedAtOrigin'),
    stopArrivedWrongLocation: t('eventTypes.stopArrivedWrongLocation'),
    stopCompletedWrongLocation: t('eventTypes.stopCompletedWrongLocation'),
    siteIssueRecorded: t('eventTypes.siteIssueRecorded'),
    enterAvoidanceZone: t('eventTypes.enterAvoidanceZone'),
    checklistDefects: t('eventTypes.checklistDefects'),
    stopCommentsAdded: t('eventTypes.stopCommentsAdded'),
    stopImagesAdded: t('eventTypes.stopImagesAdded'),
    stopSplit: t('eventTypes.stopSplit'),
  };
  const groupLabels: Record<EventTypeGroup, string> = {
    stops: t('eventGroups.stops'),
    stopUpdates: t('eventGroups.stopUpdates'),
    sites: t('eventGroups.sites'),
    maintenance: t('eventGroups.maintenance'),
  };
  const channelLabels: Record<PreferenceChannel, string> = {
    Email: t('channels.Email'),
    Text: t('channels.Text'),
    Push: t('channels.Push'),
  };
  const dirty = JSON.stringify([...selection].sort()) !== JSON.stringify([...shownSelection(answered)].sort());

  return (
    <Stack gap="sm">
      <Group gap="md" data-testid="preference-channel-toggles">
        {PREFERENCE_CHANNELS.map((channel) => {
          const state = channelState(selection, channel);
          return (
            <Checkbox
              key={channel}
              label={t('preferences.allOf', { channel: channelLabels[channel] })}
              checked={state === 'all'}
              indeterminate={state === 'some'}
              onChange={() => setSelection((previous) => withChannel(previous, channel, state !== 'all'))}
              data-testid={`preference-all-${channel}`}
            />
          );
        })}
      </Group>
      <ScrollArea.Autosize mah="55vh">
        <Stack gap="md">
          {(Object.keys(EVENT_TYPE_GROUPS) as EventTypeGroup[]).map((group) => (
            <div key={group}>
              <Title order={3} size="h5" mb={4}>
                {groupLabels[group]}
              </Title>
              <Table verticalSpacing={4} withRowBorders>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('preferences.event')}</Table.Th>
                    {PREFERENCE_CHANNELS.map((channel) => (
                      <Table.Th key={channel} w={90}>
                        {channelLabels[channel]}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {SHOWN_EVENT_TYPES.filter((type) => (EVENT_TYPE_GROUPS[group] as readonly number[]).includes(type.id)).map(
                    (type) => (
                      <Table.Tr key={type.id}>
                        <Table.Td>
                          <Text size="sm">{eventLabels[type.key]}</Text>
                        </Table.Td>
                        {PREFERENCE_CHANNELS.map((channel) => {
                          const key = preferenceKey(type.id, channel);
                          return (
                            <Table.Td key={channel}>
                              <Checkbox
                                aria-label={t('preferences.choice', {
                                  event: eventLabels[type.key],
                                  channel: channelLabels[channel],
                                })}
                                checked={selection.has(key)}
                                onChange={() => setSelection((previous) => toggled(previous, key))}
                                data-testid={`preference-${type.key}-${channel}`}
                              />
                            </Table.Td>
                          );
                        })}
                      </Table.Tr>
                    ),
                  )}
                </Table.Tbody>
              </Table>
            </div>
          ))}
        </Stack>
      </ScrollArea.Autosize>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('cancel')}
        </Button>
        <ExplainedButton
          needsConnection
          disabled={!dirty}
          loading={save.isPending}
          data-testid="contact-preferences-save"
          onClick={() =>
            save.mutate(preferencesBody(selection, answered), {
              onSuccess: () => {
                notifications.show({ color: 'green', message: t('preferences.saved', { name }) });
                onClose();
              },
              onError: (error) =>
                notifications.show({ color: 'red', title: t('preferences.notSaved'), message: peopleErrorMessage(error, t) }),
            })
          }
        >
          {t('preferences.save')}
        </ExplainedButton>
      </Group>
    </Stack>
  );
}

/** The signed-in user's own preferences (settings popover), loaded with this module only when opened. */
export function OwnPreferencesDialog({ name, onClose }: { name: string; onClose: () => void }) {
  return <ContactPreferencesDialog endpoint={OWN_PREFERENCES_ENDPOINT} name={name} onClose={onClose} />;
}
