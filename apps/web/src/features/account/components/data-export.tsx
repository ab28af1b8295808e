import { useState } from 'react';
import { useTexts } from '@/lib/use-texts';
import { useQueryClient } from '@tanstack/react-query';
import type { TExportStatus } from '@betoch/contracts/account';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/error-text';
import { useCreateExportLink } from '../api/create-export-link';
import { useRequestExport } from '../api/request-export';
import { accountKeys } from '../api/query-keys';
import { formatMarketDateTime } from '@/lib/format-date';
import { saveFileFrom } from '../lib/save-file';
import styles from './account.module.css';

/**
 * Download my data: ask, wait while it is prepared (the page polls), then download it once
 * through a link that expires. One copy per 24 hours.
 */
const FILE_NAME = 'betoch-my-data.json';

export function DataExport({ state, now }: { state: TExportStatus | null; now: number }) {
  const { t, i18n } = useTexts(['account', 'common']);
  const queryClient = useQueryClient();
  const request = useRequestExport();
  const link = useCreateExportLink();
  const when = (iso: string) => formatMarketDateTime(iso, i18n.resolvedLanguage);
  const mayAsk = !state || state.status === 'failed' || new Date(state.next_allowed_at).getTime() <= now;

  const [saving, setSaving] = useState(false);
  const [saveFailed, setSaveFailed] = useState(false);
  const download = () =>
    link.mutate(undefined, {
      onSuccess: async (answer) => {
        setSaving(true);
        setSaveFailed(false);
        try {
          await saveFileFrom(answer.url, FILE_NAME);
        } catch {
          setSaveFailed(true);
        } finally {
          setSaving(false);
          await queryClient.invalidateQueries({ queryKey: accountKeys.overview });
        }
      },
    });

  return (
    <div className={styles.stack}>
      <p>{t('export.text')}</p>
      <p className={styles.muted}>{t('export.summary')}</p>
      {state?.status === 'requested' ? (
        <div className={styles.progress} role="status">
          <Spinner size={20} decorative />
          <span>{t('export.preparing')}</span>
        </div>
      ) : null}
      {state?.status === 'ready' && state.expires_at ? (
        <Alert tone="success" title={t('export.ready', { date: when(state.expires_at) })}>
          <Button variant="primary" onClick={download} loading={link.isPending || saving}>
            {t('export.download')}
          </Button>
        </Alert>
      ) : null}
      {state?.status === 'downloaded' ? <p>{t('export.downloaded')}</p> : null}
      {state?.status === 'expired' ? <p>{t('export.expired')}</p> : null}
      {state?.status === 'failed' ? <Alert tone="error">{t('export.failed')}</Alert> : null}
      {link.isError ? <Alert tone="error">{errorText(t, link.error)}</Alert> : null}
      {saveFailed ? <Alert tone="error">{t('common:errors.export_link_invalid')}</Alert> : null}
      {request.isError ? <Alert tone="error">{errorText(t, request.error)}</Alert> : null}
      {mayAsk ? (
        <div>
          <Button variant={state?.status === 'ready' ? 'secondary' : 'primary'} onClick={() => request.mutate()} loading={request.isPending}>
            {t('export.request')}
          </Button>
        </div>
      ) : state && state.status !== 'requested' ? (
        <p className={styles.muted}>{t('export.nextAt', { date: when(state.next_allowed_at) })}</p>
      ) : null}
    </div>
  );
}
