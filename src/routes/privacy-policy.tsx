import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPolicyPage } from '#src/features/legal/privacy-policy-page.tsx';

export const Route = createFileRoute('/privacy-policy')({ component: PrivacyPolicyPage });
