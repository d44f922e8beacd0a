import { createFileRoute } from '@tanstack/react-router';
import { PageGate } from '#src/features/access/page-gate.tsx';
import { NotificationConfigsPage } from '#src/features/administration/notification-configs/notification-configs-page.tsx';

export const Route = createFileRoute('/_app/manage-company/notification-configs')({
  component: () => (
    <PageGate page="admin.notificationConfigs">
      <NotificationConfigsPage />
    </PageGate>
  ),
});
