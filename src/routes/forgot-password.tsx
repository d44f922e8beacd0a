import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '#src/features/auth/forgot-password-page.tsx';

export const Route = createFileRoute('/forgot-password')({ component: ForgotPasswordPage });
