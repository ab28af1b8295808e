import { useState } from 'react';
import { useTexts } from '@/lib/use-texts';
import { PURCHASE_STATUSES, type PurchaseStatus, type TAdminPurchase } from '@betoch/contracts/payments';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { downloadPurchasesCsv, usePurchases, useReverifyPurchase, type PurchaseFilter } from '../../api/payments';
import { failureAlert } from '../../lib/failure-text';
import { DateTime } from '../date-time';
import styles from '../admin.module.css';
import { ColumnHeads } from '../column-heads';
import { QueryStates } from '../query-states';
import { TitledSection } from '../titled-section';

const PROVIDERS = ['chapa', 'simulated'] as const;
/** States an admin may ask the gateway about again. */
const REVERIFIABLE = new Set<PurchaseStatus>(['pending', 'failed', 'cancelled', 'expired']);

/** Purchases with filters (status, provider, dates), CSV export for accounting and re-verify. */
export function PurchasesList({ onDone }: { onDone: (text: string) => void }) {
  const { t, i18n } = useTexts('admin');
  const [filter, setFilter] = useState<PurchaseFilter>({});
  const purchases = usePurchases(filter);
  const reverify = useReverifyPurchase();
  const [exporting, setExporting] = useState(false);
  const set = (patch: Partial<PurchaseFilter>) => setFilter((f) => ({ ...f, ...patch }));
  const c = (key: string) => t(`purchases.columns.${key}`);

  const runReverify = async (p: TAdminPurchase) => {
    try {
      const { purchase } = await reverify.mutateAsync(p.id);
      onDone(t('purchases.reverified', { txRef: p.tx_ref ?? p.id, status: t(`purchases.status.${purchase.status}`) }));
    } catch (error) {
      window.alert(failureAlert(t, 'purchases.reverifyFailed', error));
    }
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadPurchasesCsv(filter);
    } catch (error) {
      window.alert(failureAlert(t, 'purchases.exportFailed', error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <TitledSection id="purchases-title" title={t('purchases.title')}>
      <div className={styles.filterGrid} role="group" aria-label={t('purchases.filters')}>
        <SelectField
          label={t('purchases.filterStatus')}
          value={filter.status ?? ''}
          onChange={(e) => set({ status: (e.target.value || undefined) as PurchaseStatus | undefined })}
          placeholder={t('purchases.all')}
          options={PURCHASE_STATUSES.map((s) => ({ value: s, label: t(`purchases.status.${s}`) }))}
        />
        <SelectField
          label={t('purchases.filterProvider')}
          value={filter.provider ?? ''}
          onChange={(e) => set({ provider: e.target.value || undefined })}
          placeholder={t('purchases.all')}
          options={PROVIDERS.map((p) => ({ value: p, label: t(`purchases.providers.${p}`) }))}
        />
        <TextField type="date" label={t('purchases.from')} value={filter.from ?? ''} onChange={(e) => set({ from: e.target.value || undefined })} />
        <TextField type="date" label={t('purchases.to')} value={filter.to ?? ''} onChange={(e) => set({ to: e.target.value || undefined })} />
      </div>
      <div className={styles.toolbar}>
        <Button small variant="secondary" onClick={() => void exportCsv()} loading={exporting}>
          {t('purchases.exportCsv')}
        </Button>
      </div>
      <QueryStates query={purchases} failedTitle={t('purchases.loadFailed')} isEmpty={(data) => data.items.length === 0} empty={t('purchases.empty')}>
        {(data) => (
          <table className={styles.cardTable}>
            <ColumnHeads heads={['created', 'phone', 'sku', 'amount', 'txRef', 'providerRef', 'status', 'updated', 'action'].map(c)} />
            <tbody>
              {data.items.map((p) => (
                <tr key={p.id}>
                  <td data-label={c('created')}>
                    <DateTime iso={p.created_at} language={i18n.language} />
                  </td>
                  <th scope="row" data-label={c('phone')}>
                    {p.phone}
                  </th>
                  <td data-label={c('sku')}>{p.sku}</td>
                  <td data-label={c('amount')}>{t('purchases.etb', { amount: p.price_etb })}</td>
                  <td data-label={c('txRef')}>
                    <code>{p.tx_ref ?? t('common.none')}</code>
                  </td>
                  <td data-label={c('providerRef')}>{p.provider_ref ? <code>{p.provider_ref}</code> : t('common.none')}</td>
                  <td data-label={c('status')}>
                    <span className={p.status === 'mismatch' || p.status === 'failed' ? styles.blocked : undefined}>{t(`purchases.status.${p.status}`)}</span>
                    {p.status_reason ? <span className={styles.muted}> ({p.status_reason})</span> : null}
                    <span className={styles.muted}> · {t(`purchases.providers.${p.provider}`, { defaultValue: p.provider })}</span>
                  </td>
                  <td data-label={c('updated')}>
                    <DateTime iso={p.paid_at ?? p.updated_at} language={i18n.language} />
                  </td>
                  <td data-label={c('action')}>
                    {REVERIFIABLE.has(p.status) && p.provider !== 'simulated' ? (
                      <Button
                        small
                        variant="secondary"
                        onClick={() => void runReverify(p)}
                        loading={reverify.isPending && reverify.variables === p.id}
                        aria-label={t('purchases.reverifyLabel', { txRef: p.tx_ref ?? p.id })}
                      >
                        {t('purchases.reverify')}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryStates>
    </TitledSection>
  );
}
