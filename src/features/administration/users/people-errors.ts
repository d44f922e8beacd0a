import type { TFunction } from 'i18next';
import { ApiError } from '#src/data/api-client.ts';
import { errorMessage } from '../forms/use-record-form.ts';

/**
 * The people writes' refusals in the user's language (spec 2 §8): the server names each broken rule
 * as an issue message or as the answer's rule; one it does not know is said from the error's code.
 */
export function peopleErrorMessage(error: unknown, t: TFunction<'people'>): string {
  if (!(error instanceof ApiError) || !error.body) return errorMessage(error);
  const known: Record<string, string> = {
    cannotDeleteYourself: t('people:errors.cannotDeleteYourself'),
    cannotDisableYourself: t('people:errors.cannotDisableYourself'),
    userContact: t('people:errors.userContact'),
    usernameTaken: t('people:errors.usernameTaken'),
    contactHasUser: t('people:errors.contactHasUser'),
    invalidPhone: t('people:errors.invalidPhone'),
    invalidEmail: t('people:errors.invalidEmail'),
    notYetImplemented: t('people:errors.notYetImplemented'),
    driverExcludesManagement: t('people:errors.driverExcludesManagement'),
    contactHasNoEmail: t('people:errors.contactHasNoEmail'),
  };
  const issues = (error.body.issues ?? []).flatMap((issue) => known[issue.message] ?? []);
  if (issues.length > 0) return [...new Set(issues)].join('; ');
  return (error.body.rule && known[error.body.rule]) || errorMessage(error);
}
