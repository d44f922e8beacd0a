import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { LoginPage } from '#src/features/auth/login-page.tsx';

export const Route = createFileRoute('/login')({
  validateSearch: z.object({ redirect: z.string().optional(), notice: z.enum(['passwordEmailSent']).optional() }),
  component: LoginPage,
});
