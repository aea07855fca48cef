import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { useShellDispatch, useShellSelector } from '../state/store';
import { subscriptionProblemShown } from '../state/ui';

/** The provider's messaging chat (spec section 8's contact-us button); set at build time, hidden when unset. */
const SUPPORT_CHAT_URL = process.env.ERP_SUPPORT_CHAT_URL ?? '';

/** Spec section 8: the subscription 401s open a dialog; the user stays signed in. */
export function SubscriptionDialog() {
  const detail = useShellSelector((s) => s.ui.subscriptionProblem);
  const dispatch = useShellDispatch();
  const { t } = useTranslation('shell');
  const close = () => dispatch(subscriptionProblemShown(null));
  return (
    <Dialog
      header={t('subscription.title')}
      visible={detail !== null}
      onHide={close}
      style={{ width: 'min(28rem, 92vw)' }}
      footer={
        <div className="erp-dialog-actions">
          {SUPPORT_CHAT_URL ? (
            <Button
              icon="pi pi-whatsapp"
              label={t('subscription.contactUs')}
              onClick={() => window.open(SUPPORT_CHAT_URL, '_blank', 'noopener')}
            />
          ) : null}
          <Button label={t('common.close')} severity="secondary" outlined onClick={close} />
        </div>
      }
    >
      <p>{detail}</p>
    </Dialog>
  );
}
