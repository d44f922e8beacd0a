import { createFileRoute } from '@tanstack/react-router';
import { PageGate } from '#src/features/access/page-gate.tsx';
import { ContactsPage } from '#src/features/administration/contacts/contacts-page.tsx';

export const Route = createFileRoute('/_app/manage-company/contacts')({
  component: () => (
    <PageGate page="admin.contacts">
      <ContactsPage />
    </PageGate>
  ),
});
