import { notifications } from '@mantine/notifications';
import i18next from 'i18next';
import { ApiError, errorReasonKey } from '#src/data/api-error.ts';

/**
 * The global error display (spec 1 §8): one snackbar, top left, with the error type and message.
 * A 401 is not shown (the user is sent to sign in) and neither is "offline" (the header says so).
 */
export function reportError(error: unknown) {
  if (error instanceof ApiError && (error.status === 401 || error.isNetworkError)) return;
  console.error(error);
  const title =
    error instanceof ApiError
      ? i18next.t('common:errors.apiError', { status: error.status })
      : i18next.t('common:errors.unexpected');
  notifications.show({
    id: 'global-error',
    color: 'red',
    title,
    message: i18next.t(errorReasonKey(error)),
    position: 'top-left',
  });
}
