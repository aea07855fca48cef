import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@erp/api-client';
import { translate } from '@erp/i18n';
import { useApi } from '../app/ServicesContext';
import { Field } from '../components/Field';
import { apiFieldErrors, type FieldErrors } from '../components/form-errors';
import { useNotify } from '../components/notify';
import { useShellSelector } from '../state/store';
import { checkFeedback, FEEDBACK_IMAGE_TYPES, imagePayload, type FeedbackValues } from './feedback-rules';

/** The page as a JPEG, compressed until it fits the 1 MiB limit (html-to-image, loaded when first used). */
async function capturePage(): Promise<string> {
  const { toJpeg } = await import(/* webpackChunkName: "html-to-image" */ 'html-to-image');
  const node = document.body;
  let last = '';
  for (const [quality, pixelRatio] of [
    [0.85, 1],
    [0.6, 1],
    [0.5, 0.6],
  ] as const) {
    last = await toJpeg(node, {
      quality,
      pixelRatio,
      backgroundColor: getComputedStyle(document.body).backgroundColor || '#ffffff',
      filter: (el) =>
        !(
          el instanceof HTMLElement &&
          (el.dataset.noCapture !== undefined || el.classList.contains('erp-dialog-hidden'))
        ),
      cacheBust: false,
    });
    if (imagePayload(last).ok) return last;
  }
  return last;
}

function readFile(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * The feedback modal's body (spec section 2): screenshot preview (200x150), add image, camera (hides the modal
 * and captures the page), title, phone, email, message; send → POST /api/SupportTicket → 'sendSuccessfully'.
 */
export function FeedbackForm({
  onHide,
  onShow,
  onSent,
}: {
  onHide: () => void;
  onShow: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation('shell');
  const api = useApi();
  const notify = useNotify();
  const language = useShellSelector((s) => s.ui.language);
  const profile = useShellSelector((s) => s.session.profile);
  const [values, setValues] = useState<FeedbackValues>({
    title: '',
    phone: profile?.phone ?? '',
    email: profile?.email ?? '',
    message: '',
  });
  const [image, setImage] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [capturing, setCapturing] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const clientErrors = submitted
    ? Object.fromEntries(Object.entries(checkFeedback(values)).map(([k, v]) => [k, translate(language, v)]))
    : {};
  const errors: FieldErrors = { ...serverErrors, ...clientErrors };
  const set = (key: keyof FeedbackValues, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setServerErrors({});
  };

  const takeImage = (dataUrl: string) => {
    const payload = imagePayload(dataUrl);
    if (!payload.ok) {
      setImageError(
        translate(
          language,
          payload.problem === 'size' ? 'validation.fileSizeExceedsOneMiB' : 'validation.imageType',
        ),
      );
      return;
    }
    setImageError(null);
    setImage(dataUrl);
  };

  const pickFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!FEEDBACK_IMAGE_TYPES[file.type]) {
      setImageError(translate(language, 'validation.imageType'));
      return;
    }
    if (file.size > 1024 * 1024) {
      setImageError(translate(language, 'validation.fileSizeExceedsOneMiB'));
      return;
    }
    takeImage(await readFile(file));
  };

  const capture = async () => {
    setCapturing(true);
    onHide();
    // let the dialog leave the page before it is drawn
    await new Promise((r) => setTimeout(r, 350));
    try {
      takeImage(await capturePage());
    } catch {
      notify.error('screens.feedback.captureFailed');
    }
    setCapturing(false);
    onShow();
  };

  const send = async () => {
    setSubmitted(true);
    if (Object.keys(checkFeedback(values)).length > 0 || busy) return;
    const payload = image ? imagePayload(image) : null;
    setBusy(true);
    try {
      await api.post('SupportTicket', {
        title: values.title.trim(),
        phone: values.phone.trim(),
        email: values.email.trim(),
        message: values.message.trim(),
        ...(payload?.ok ? { imageExtension: payload.imageExtension, base64Image: payload.base64Image } : {}),
      });
      notify.toast('screens.feedback.sendSuccessfully');
      onSent();
    } catch (error) {
      if (isApiError(error) && error.status === 400) setServerErrors(apiFieldErrors(error));
      setBusy(false);
    }
  };

  return (
    <div className="erp-feedback" data-testid="feedback-form" aria-busy={capturing}>
      <div className="erp-feedback__image">
        <div className="erp-feedback__preview" data-testid="feedback-preview">
          {image ? (
            <img src={image} alt={t('screens.feedback.screenshot')} width={200} height={150} />
          ) : (
            <span className="erp-muted">
              <i className="pi pi-image" aria-hidden="true" /> {t('screens.feedback.noImage')}
            </span>
          )}
        </div>
        <div className="erp-feedback__image-actions">
          <input
            ref={fileInput}
            type="file"
            accept=".jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif"
            hidden
            onChange={(e) => void pickFile(e)}
            data-testid="feedback-file"
          />
          <Button
            icon="pi pi-upload"
            label={t('screens.feedback.addImage')}
            outlined
            size="small"
            onClick={() => fileInput.current?.click()}
          />
          <Button
            icon="pi pi-camera"
            label={t('screens.feedback.capture')}
            outlined
            size="small"
            loading={capturing}
            onClick={() => void capture()}
            data-testid="feedback-capture"
          />
          {image ? (
            <Button
              icon="pi pi-times"
              text
              size="small"
              severity="secondary"
              label={t('screens.feedback.removeImage')}
              onClick={() => setImage(null)}
            />
          ) : null}
        </div>
        {imageError ? (
          <small className="p-error" role="alert" data-testid="feedback-image-error">
            {imageError}
          </small>
        ) : null}
      </div>
      <Field id="feedback-title" label={t('screens.feedback.title')} error={errors.title}>
        <InputText
          id="feedback-title"
          value={values.title}
          invalid={Boolean(errors.title)}
          onChange={(e) => set('title', e.target.value)}
        />
      </Field>
      <div className="erp-form-grid">
        <Field id="feedback-phone" label={t('screens.feedback.phone')} error={errors.phone}>
          <InputText
            id="feedback-phone"
            dir="ltr"
            value={values.phone}
            invalid={Boolean(errors.phone)}
            onChange={(e) => set('phone', e.target.value)}
          />
        </Field>
        <Field id="feedback-email" label={t('screens.feedback.email')} error={errors.email}>
          <InputText
            id="feedback-email"
            dir="ltr"
            type="email"
            value={values.email}
            invalid={Boolean(errors.email)}
            onChange={(e) => set('email', e.target.value)}
          />
        </Field>
      </div>
      <Field id="feedback-message" label={t('screens.feedback.message')} error={errors.message}>
        <InputTextarea
          id="feedback-message"
          rows={4}
          autoResize
          value={values.message}
          invalid={Boolean(errors.message)}
          onChange={(e) => set('message', e.target.value)}
        />
      </Field>
      <div className="erp-dialog-actions">
        <Button label={t('common.close')} severity="secondary" outlined onClick={onSent} />
        <Button
          icon="pi pi-send"
          label={t('screens.feedback.send')}
          loading={busy}
          onClick={() => void send()}
          data-testid="feedback-send"
        />
      </div>
    </div>
  );
}
