import { useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTexts } from '@/lib/use-texts';
import { DuplicatesTab } from './duplicates/duplicates-tab';
import { MetricsTab } from './metrics/metrics-tab';
import { ModerationTab } from './moderation/moderation-tab';
import { PaymentsTab } from './payments/payments-tab';
import { DataRequestsTab } from './data-requests/data-requests-tab';
import styles from './admin.module.css';
import { usePageTitle } from '@/lib/use-page-title';

export const ADMIN_TABS = ['moderation', 'duplicates', 'payments', 'metrics', 'requests'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

function readTab(value: string | null): AdminTab {
  return (ADMIN_TABS as readonly string[]).includes(value ?? '') ? (value as AdminTab) : 'moderation';
}

/**
 * /admin: the tabs (and the log of data requests). The open tab is in the address (?tab=…), so a reload or
 * a shared link opens the same one. Tabs follow the ARIA pattern (arrows, Home, End).
 */
export function AdminPage() {
  const { t } = useTexts(['admin', 'common']);
  const [params, setParams] = useSearchParams();
  const tab = readTab(params.get('tab'));
  const tabRefs = useRef<Record<AdminTab, HTMLButtonElement | null>>({ moderation: null, duplicates: null, payments: null, metrics: null, requests: null });

  const title = t('title');
  usePageTitle(title);

  const select = (next: AdminTab, focus = false) => {
    setParams(next === 'moderation' ? {} : { tab: next }, { replace: true });
    if (focus) tabRefs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = ADMIN_TABS.indexOf(tab);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: ADMIN_TABS.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(ADMIN_TABS[(target + ADMIN_TABS.length) % ADMIN_TABS.length]!, true);
  };

  return (
    <div className={`page ${styles.admin}`}>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.subtitle}>{t('subtitle')}</p>
      <div className={styles.tabs} role="tablist" aria-label={t('tabsLabel')} onKeyDown={onKeyDown}>
        {ADMIN_TABS.map((key) => (
          <button
            key={key}
            ref={(el) => {
              tabRefs.current[key] = el;
            }}
            type="button"
            role="tab"
            id={`admin-tab-${key}`}
            aria-selected={tab === key}
            aria-controls={`admin-panel-${key}`}
            tabIndex={tab === key ? 0 : -1}
            className={styles.tab}
            onClick={() => select(key)}
          >
            {t(`tabs.${key}`)}
          </button>
        ))}
      </div>
      <section role="tabpanel" id={`admin-panel-${tab}`} aria-labelledby={`admin-tab-${tab}`} className={styles.panel} tabIndex={-1}>
        {tab === 'moderation' ? <ModerationTab /> : null}
        {tab === 'duplicates' ? <DuplicatesTab /> : null}
        {tab === 'payments' ? <PaymentsTab /> : null}
        {tab === 'metrics' ? <MetricsTab /> : null}
        {tab === 'requests' ? <DataRequestsTab /> : null}
      </section>
    </div>
  );
}
