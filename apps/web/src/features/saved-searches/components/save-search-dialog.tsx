import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AppLink } from '@/components/ui/app-link';
import { useTexts } from '@/lib/use-texts';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { SAVED_SEARCH_MESSAGES, SAVED_SEARCH_NAME_MAX, SAVED_SEARCHES_MAX, ZCreateSavedSearchRequest } from '@betoch/contracts/saved-searches';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { useCreateSavedSearch } from '../api/create-saved-search';
import { filtersFromQuery } from '../lib/search-filters';
import { proposeSearchName } from '../lib/search-name';
import styles from './save-search-dialog.module.css';

const ZForm = ZCreateSavedSearchRequest.pick({ name: true, sms: true });
interface FormValues {
  name: string;
  sms: boolean;
}

/**
 * The save dialog (loaded on the first tap of 'Save this search'): the name the app proposes from
 * the filters in the address, editable; SMS digest on or off. Saved: a link to the saved searches.
 */
export function SaveSearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTexts(['alerts', 'common']);
  const [params] = useSearchParams();
  const filters = useMemo(() => filtersFromQuery(params), [params]);
  const create = useCreateSavedSearch();
  const [saved, setSaved] = useState(false);
  const form = useForm<FormValues>({
    resolver: zodResolver(ZForm) as never,
    defaultValues: { name: proposeSearchName(filters, t, i18n.language).slice(0, SAVED_SEARCH_NAME_MAX), sms: false },
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync({ name: values.name, sms: values.sms, filters });
      setSaved(true);
    } catch {
      // Shown below from create.error.
    }
  });

  const nameError = form.formState.errors.name?.message;
  const failure = create.error;
  const limitReached = failure instanceof ApiError && failure.code === 'saved_search_limit';

  return (
    <Modal open={open} onClose={onClose} title={t('save.title')} closeLabel={t('save.close')}>
      {saved ? (
        <div className={styles.done}>
          <Alert tone="success">{t('save.saved')}</Alert>
          <div className={styles.actions}>
            <AppLink to={paths.saved} className={styles.link} onClick={onClose}>
              {t('save.viewSaved')}
            </AppLink>
            <Button variant="secondary" onClick={onClose}>
              {t('save.close')}
            </Button>
          </div>
        </div>
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)} className={styles.form} data-testid="save-search-form">
          {failure ? (
            <Alert tone="error" title={t('save.failed')}>
              <p>{limitReached ? t('save.limit', { max: SAVED_SEARCHES_MAX }) : errorText(t, failure)}</p>
            </Alert>
          ) : null}
          <TextField
            label={t('save.nameLabel')}
            hint={t('save.nameHint')}
            maxLength={SAVED_SEARCH_NAME_MAX + 20}
            autoComplete="off"
            error={
              !nameError
                ? undefined
                : nameError === SAVED_SEARCH_MESSAGES.nameTooLong
                  ? t('save.nameTooLong', { max: SAVED_SEARCH_NAME_MAX })
                  : t('save.nameRequired')
            }
            {...form.register('name')}
          />
          <label className={styles.check}>
            <input type="checkbox" {...form.register('sms')} aria-describedby="save-search-sms-hint" />
            <span>{t('save.smsLabel')}</span>
          </label>
          <p id="save-search-sms-hint" className={styles.hint}>
            {t('save.smsHint')}
          </p>
          <div className={styles.actions}>
            <Button type="submit" loading={create.isPending}>
              {t('save.submit')}
            </Button>
            <Button variant="ghost" onClick={onClose}>
              {t('save.cancel')}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
