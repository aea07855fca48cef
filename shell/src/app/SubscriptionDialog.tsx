import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { useShellDispatch, useShellSelector } from '../state/store';
import { subscriptionProblemShown } from '../state/ui';

/** Spec section 8: the subscription 401s open a dialog; the user stays signed in. */
export function SubscriptionDialog() {
  const detail = useShellSelector((s) => s.ui.subscriptionProblem);
  // the provider's messaging chat (spec section 8's contact-us button); hidden when not configured
  const chatUrl = useShellSelector((s) => s.ui.appConfig.supportChatUrl);
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
          {chatUrl ? (
            <Button
              icon="pi pi-whatsapp"
              label={t('subscription.contactUs')}
              onClick={() => window.open(chatUrl, '_blank', 'noopener')}
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
