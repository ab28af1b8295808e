import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { useTexts } from '@/lib/use-texts';
import { ZUpdateAccountRequest, type TUpdateAccountRequest } from '@betoch/contracts/account';
import type { TUser } from '@betoch/contracts/auth';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { OwnEmailField } from '@/components/ui/own-contact-fields';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { useUpdateAccount } from '../api/update-account';
import { fieldText } from '../lib/field-text';
import styles from './account.module.css';

type Values = { name: string; email: string; agencyName: string };
const resolver = zodResolver(ZUpdateAccountRequest) as unknown as Resolver<Values, unknown, TUpdateAccountRequest>;

/** Name, e-mail and, for a broker, the agency name. */
export function ProfileForm({ user }: { user: TUser }) {
  const { t } = useTexts(['account', 'auth', 'common']);
  const update = useUpdateAccount();
  const isBroker = user.userType === 'delala';
  const form = useForm<Values, unknown, TUpdateAccountRequest>({
    resolver,
    defaultValues: { name: user.name ?? '', email: user.email ?? '', agencyName: user.agency_name ?? '' },
  });
  const errors = form.formState.errors;
  const serverFields = update.error instanceof ApiError ? update.error.fields : {};
  const submit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: ({ user: saved }) => form.reset({ name: saved.name ?? '', email: saved.email ?? '', agencyName: saved.agency_name ?? '' }),
    }),
  );

  return (
    <form className={styles.form} noValidate onSubmit={(e) => void submit(e)}>
      <TextField label={t('profile.name')} autoComplete="name" error={fieldText(t, errors.name?.message ?? serverFields.name)} {...form.register('name')} />
      <OwnEmailField
        label={t('profile.email')}
        optionalText={t('profile.optional')}
        error={fieldText(t, errors.email?.message ?? serverFields.email)}
        {...form.register('email')}
      />
      {isBroker ? (
        <TextField
          label={t('profile.agency')}
          autoComplete="organization"
          error={fieldText(t, errors.agencyName?.message ?? serverFields.agencyName)}
          {...form.register('agencyName')}
        />
      ) : null}
      {update.isSuccess && !form.formState.isDirty ? <Alert tone="success">{t('profile.saved')}</Alert> : null}
      {update.isError && !Object.keys(serverFields).length ? <Alert tone="error">{errorText(t, update.error)}</Alert> : null}
      <div>
        <Button type="submit" variant="primary" loading={update.isPending}>
          {t('profile.save')}
        </Button>
      </div>
    </form>
  );
}
