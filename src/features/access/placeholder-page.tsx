import { useTranslation } from 'react-i18next';
import type { PageKey } from '#core/domain/access';
import { ComingSoon } from './access-notice.tsx';
import { PageGate } from './page-gate.tsx';
import { ADMIN_SECTIONS, MAIN_PAGES } from './pages.ts';

const LABEL_KEYS = new Map<PageKey, string>([
  ...MAIN_PAGES.map((link) => [link.page, link.labelKey] as const),
  ...Object.values(ADMIN_SECTIONS).map((section) => [section.page, section.labelKey] as const),
]);

/** A gated screen whose feature has not landed yet. */
export function PlaceholderPage({ page }: { page: PageKey }) {
  const { t } = useTranslation('common');
  return (
    <PageGate page={page}>
      <ComingSoon title={t(LABEL_KEYS.get(page) ?? 'nav.home')} />
    </PageGate>
  );
}
