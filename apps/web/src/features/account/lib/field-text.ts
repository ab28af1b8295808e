import type { TFunction } from 'i18next';

/**
 * A field's message: the contract schemas give keys of auth:validation ('name_required'); the
 * server's `fields` give the same kind of key, or an error code of common:errors.
 */
export function fieldText(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const asError = t(`common:errors.${message}`, { defaultValue: '' });
  if (asError) return asError;
  return t(`auth:validation.${message}`, { defaultValue: t('common:errors.generic') });
}
