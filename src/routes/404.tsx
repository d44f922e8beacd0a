import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '#src/features/access/not-found-page.tsx';

export const Route = createFileRoute('/404')({ component: NotFoundPage });
