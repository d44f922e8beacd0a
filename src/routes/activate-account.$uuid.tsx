import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '#src/features/access/access-notice.tsx';

function ActivateAccount() {
  const { t } = useTranslation('auth');
  return <ComingSoon title={t('activate.title')} />;
}

export const Route = createFileRoute('/activate-account/$uuid')({ component: ActivateAccount });
