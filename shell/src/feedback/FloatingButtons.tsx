import { Button } from 'primereact/button';
import { useState } from 'react';
import { loadable } from '@erp/ui-kit/src/loadable';
import { useTranslation } from 'react-i18next';
import { useLocation } from '@erp/router';
import { Loading } from '../app/guards';
import { useShellSelector } from '../state/store';

// PrimeReact's Dialog (≈ 9 KB gz) comes with the first click: every signed-in screen shows the button
const Dialog = loadable(() => import('primereact/dialog').then((m) => m.Dialog));
const FeedbackForm = loadable(
  () => import(/* webpackChunkName: "feedback" */ './FeedbackForm').then((m) => m.FeedbackForm),
  <Loading />,
);

/** Spec section 2: the feedback button and contact link are hidden on login, shareInvoice and SmartMenu. */
const HIDDEN_ON = /^\/(login|shareinvoice|smartmenu|forgetpassword)(\/|$)/i;

export function floatingButtonsShown(pathname: string, signedIn: boolean): boolean {
  return signedIn && !HIDDEN_ON.test(pathname);
}

/** The floating feedback button (its modal sends a support ticket) and the chat-contact link. */
export function FloatingButtons() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const token = useShellSelector((s) => s.session.token);
  // the provider's messaging chat (ERP_SUPPORT_CHAT_URL, read at run time from /app-config.json)
  const chatUrl = useShellSelector((s) => s.ui.appConfig.supportChatUrl);
  // open: the modal is on the page; hidden: it stays mounted (its values kept) while the page is captured
  const [state, setState] = useState<'closed' | 'open' | 'hidden'>('closed');
  if (!floatingButtonsShown(pathname, Boolean(token))) return null;

  return (
    <div className="erp-floating" data-no-capture="">
      {chatUrl ? (
        <a
          className="erp-floating__button erp-floating__chat"
          href={chatUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('screens.feedback.contact')}
          title={t('screens.feedback.contact')}
          data-testid="contact-link"
        >
          <i className="pi pi-whatsapp" aria-hidden="true" />
        </a>
      ) : null}
      <Button
        className="erp-floating__button"
        icon="pi pi-comment"
        rounded
        aria-label={t('screens.feedback.open')}
        tooltip={t('screens.feedback.open')}
        tooltipOptions={{ position: 'top' }}
        onClick={() => setState('open')}
        data-testid="feedback-button"
      />
      {state !== 'closed' ? (
        <Dialog
          header={t('screens.feedback.header')}
          visible
          onHide={() => setState('closed')}
          style={{ width: 'min(34rem, 94vw)' }}
          className={state === 'hidden' ? 'erp-dialog-hidden' : undefined}
          maskClassName={state === 'hidden' ? 'erp-dialog-hidden' : undefined}
          modal={state === 'open'}
          data-testid="feedback-dialog"
        >
          <FeedbackForm
            onHide={() => setState('hidden')}
            onShow={() => setState('open')}
            onSent={() => setState('closed')}
          />
        </Dialog>
      ) : null}
    </div>
  );
}
