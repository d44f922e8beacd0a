import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { decidePageAccess, PAGE_RULES, type PageKey } from '#core/domain/access';
import { selfQuery } from '#src/data/session-queries.ts';
import { PremiumNotice, UnauthorisedPage } from './access-notice.tsx';

/**
 * The route guard: renders the page only when core/domain/access.ts grants it, the same rule
 * that decides whether the navigation shows its link.
 */
export function PageGate({ page, children }: { page: PageKey; children: ReactNode }) {
  const { data: self } = useQuery(selfQuery);
  if (!self) return null;
  const decision = decidePageAccess(self, PAGE_RULES[page]);
  if (decision === 'premium') return <PremiumNotice />;
  if (decision === 'forbidden') return <UnauthorisedPage />;
  return <>{children}</>;
}
