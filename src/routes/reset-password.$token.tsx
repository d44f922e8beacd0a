import { createFileRoute } from '@tanstack/react-router';
import { PasswordLinkPage } from '#src/features/auth/password-link-page.tsx';

function ResetPassword() {
  const { token } = Route.useParams();
  return <PasswordLinkPage purpose="passwordReset" token={token} />;
}

export const Route = createFileRoute('/reset-password/$token')({ component: ResetPassword });
