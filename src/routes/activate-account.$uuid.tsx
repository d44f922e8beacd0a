import { createFileRoute } from '@tanstack/react-router';
import { PasswordLinkPage } from '#src/features/auth/password-link-page.tsx';

function ActivateAccount() {
  const { uuid } = Route.useParams();
  return <PasswordLinkPage purpose="activation" token={uuid} />;
}

export const Route = createFileRoute('/activate-account/$uuid')({ component: ActivateAccount });
