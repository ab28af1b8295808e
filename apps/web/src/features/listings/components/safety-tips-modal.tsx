import { useTexts } from '@/lib/use-texts';
import { Button } from '@/components/ui/button';
import { ShieldIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import styles from './panels.module.css';

const TIPS = ['meetPublic', 'noPrepayment', 'confirmOwner', 'bringFriend'] as const;

export interface SafetyTipsModalProps {
  open: boolean;
  onClose: () => void;
  /**
   * Given when the tips stand before an action (the first contact unlock): the main button then
   * reads 'I understand, continue' and calls this after the acknowledgement is stored.
   */
  onAcknowledge?: () => void;
}

/** Four tips for meeting an owner safely; the acknowledgement is remembered in this browser. */
export function SafetyTipsModal({ open, onClose, onAcknowledge }: SafetyTipsModalProps) {
  const { t } = useTexts(['listings', 'common']);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('safety.title')}
      closeLabel={t('common:actions.close')}
      footer={
        onAcknowledge ? (
          <>
            <Button variant="ghost" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button onClick={onAcknowledge}>{t('safety.acknowledge')}</Button>
          </>
        ) : (
          <Button onClick={onClose}>{t('safety.gotIt')}</Button>
        )
      }
    >
      <SafetyTipsList />
    </Modal>
  );
}

/** The tips themselves: in the modal, and in the <details> that stands in for it without JavaScript. */
export function SafetyTipsList() {
  const { t } = useTexts('listings');
  return (
    <>
      <p>{t('safety.intro')}</p>
      <ul className={styles.tips}>
        {TIPS.map((tip) => (
          <li key={tip}>
            <ShieldIcon size={22} />
            <div>
              <p className={styles.tipTitle}>{t(`safety.tips.${tip}.title`)}</p>
              <p className={styles.tipText}>{t(`safety.tips.${tip}.text`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
