import { useState } from 'react';
import { useTexts } from '@/lib/use-texts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { useAccountRequests, useAdminDeletion } from '../../api/account-requests';
import { DateTime } from '../date-time';
import { QueryStates } from '../query-states';
import styles from '../admin.module.css';
import { ColumnHeads } from '../column-heads';
import { TitledSection } from '../titled-section';

/**
 * Data requests: the log of exports and deletions (dates and states, never their content), and
 * the deletion of an account asked for outside the app, once the person was verified (audited,
 * with the reason).
 */
export function DataRequestsTab() {
  const { t, i18n } = useTexts(['account', 'admin']);
  const log = useAccountRequests();
  const [done, setDone] = useState<string | null>(null);

  return (
    <div>
      <div aria-live="polite" aria-atomic="true">
        {done ? <Alert tone="success" title={done} /> : null}
      </div>
      <TitledSection id="deletion-title" title={t('admin.deleteTitle')}>
        <p className={styles.muted}>{t('admin.deleteIntro')}</p>
        <AdminDeletionForm onDone={setDone} />
      </TitledSection>
      <TitledSection id="requests-title" title={t('admin.logTitle')}>
        <QueryStates query={log} failedTitle={t('admin.loadFailed')} isEmpty={(data) => data.items.length === 0} empty={t('admin.empty')}>
          {/* A table wider than a phone scrolls sideways: a named region the keyboard can reach and scroll. */}
          {(data) => (
            <div className={styles.scroll} role="region" aria-label={t('admin.logScroll')} tabIndex={0}>
              <table className={styles.table} data-testid="account-requests">
                <ColumnHeads heads={[t('admin.kind'), t('admin.status'), t('admin.via'), t('admin.requested'), t('admin.ready'), t('admin.completed')]} />
                <tbody>
                  {data.items.map((item) => (
                    <tr key={item._id}>
                      <td>{t(`admin.kinds.${item.kind}`)}</td>
                      <td>{t(`admin.statuses.${item.status}`)}</td>
                      <td>{t(`admin.vias.${item.via}`)}</td>
                      <td>
                        <DateTime iso={item.created_at} language={i18n.language} />
                      </td>
                      <td>{item.ready_at ? <DateTime iso={item.ready_at} language={i18n.language} /> : '–'}</td>
                      <td>{item.completed_at ? <DateTime iso={item.completed_at} language={i18n.language} /> : '–'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </QueryStates>
      </TitledSection>
    </div>
  );
}

function AdminDeletionForm({ onDone }: { onDone: (text: string) => void }) {
  const { t } = useTexts(['account', 'admin']);
  const deletion = useAdminDeletion();
  const [phone, setPhone] = useState('');
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const fields = deletion.error instanceof ApiError ? deletion.error.fields : {};

  const run = async () => {
    try {
      await deletion.mutateAsync({ phone, reason });
      setPhone('');
      setReason('');
      setConfirming(false);
      onDone(t('admin.deleted'));
    } catch {
      setConfirming(false);
    }
  };

  return (
    <form
      className={styles.stack}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (confirming) void run();
        else setConfirming(true);
      }}
    >
      <TextField
        label={t('admin.phone')}
        type="tel"
        dir="ltr"
        value={phone}
        onChange={(e) => setPhone(e.currentTarget.value)}
        error={fields.phone ? t(`common:errors.${fields.phone}`, { defaultValue: t('common:errors.generic') }) : undefined}
      />
      <TextAreaField
        label={t('admin.reason')}
        hint={t('admin.reasonHint')}
        rows={2}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={fields.reason ? t('admin.reasonRequired') : undefined}
      />
      {deletion.isError && !Object.keys(fields).length ? <Alert tone="error">{errorText(t, deletion.error)}</Alert> : null}
      {confirming ? <Alert tone="warning">{t('admin.confirmText')}</Alert> : null}
      <div>
        <Button type="submit" variant="danger" loading={deletion.isPending} disabled={!phone.trim() || reason.trim().length < 5}>
          {confirming ? t('admin.confirm') : t('admin.delete')}
        </Button>
      </div>
    </form>
  );
}
