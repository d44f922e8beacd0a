import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Preferences } from '#core/contract/user';
import { ApiError } from '#src/data/api-client.ts';
import { savePreferences, selfQuery } from '#src/data/session-queries.ts';

export type PreferenceSaveResult = 'saved' | 'presetNameTaken' | 'failed';

/**
 * Saves a change to the user's preferences (page sizes, filter presets): shown at once, put back
 * if the server refuses. A refused duplicate preset name is answered, not announced, so the preset
 * form can show it next to the name.
 */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('loads');
  return useCallback(
    async (change: (current: Preferences) => Preferences): Promise<PreferenceSaveResult> => {
      const self = queryClient.getQueryData(selfQuery.queryKey);
      if (!self) return 'failed';
      const previous = self.preferences;
      const next = change(previous);
      queryClient.setQueryData(selfQuery.queryKey, (current) => (current ? { ...current, preferences: next } : current));
      try {
        await savePreferences(queryClient, self.id, next);
        return 'saved';
      } catch (error) {
        queryClient.setQueryData(selfQuery.queryKey, (current) => (current ? { ...current, preferences: previous } : current));
        if (error instanceof ApiError && error.body?.issues?.some((issue) => issue.message === 'presetNameTaken')) {
          return 'presetNameTaken';
        }
        notifications.show({
          color: 'red',
          title: t('preferencesNotSaved'),
          message: error instanceof Error ? error.message : String(error),
          position: 'top-left',
        });
        return 'failed';
      }
    },
    [queryClient, t],
  );
}
