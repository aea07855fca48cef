import { ONE_MIB, base64DecodedSize, isValidPhone } from '@erp/contracts/src/validators';

/** Spec section 5's feedback form: types jpg, png, gif, at most 1 MiB. */
export const FEEDBACK_IMAGE_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
};

export interface FeedbackValues {
  title: string;
  phone: string;
  email: string;
  message: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Message keys (server texts) per field; the message's is the spec's 'you should describe the issue' hint. */
export function checkFeedback(v: FeedbackValues): Partial<Record<keyof FeedbackValues, string>> {
  const errors: Partial<Record<keyof FeedbackValues, string>> = {};
  if (!v.title.trim()) errors.title = 'validation.required';
  if (!v.phone.trim()) errors.phone = 'validation.required';
  else if (!isValidPhone(v.phone.trim())) errors.phone = 'validation.phone';
  if (!v.email.trim()) errors.email = 'validation.required';
  else if (!EMAIL.test(v.email.trim())) errors.email = 'validation.email';
  if (!v.message.trim()) errors.message = 'validation.describeIssue';
  return errors;
}

/** A data URL split into what POST /api/SupportTicket takes; null when the type or the size is refused. */
export function imagePayload(
  dataUrl: string,
): { ok: true; imageExtension: string; base64Image: string } | { ok: false; problem: 'type' | 'size' } {
  const m = /^data:([^;,]+);base64,(.*)$/s.exec(dataUrl);
  const extension = m ? FEEDBACK_IMAGE_TYPES[m[1]!.toLowerCase()] : undefined;
  if (!m || !extension) return { ok: false, problem: 'type' };
  if (base64DecodedSize(m[2]!) > ONE_MIB) return { ok: false, problem: 'size' };
  return { ok: true, imageExtension: extension, base64Image: m[2]! };
}
