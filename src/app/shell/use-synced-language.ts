import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { selfQuery } from '#src/data/session-queries.ts';
import { applyLanguage } from '../i18n.ts';

/** The UI speaks the signed-in user's contact language. */
export function useSyncedLanguage() {
  const { data: self } = useQuery(selfQuery);
  const language = self?.contact.language;
  useEffect(() => {
    if (language) void applyLanguage(language);
  }, [language]);
}
