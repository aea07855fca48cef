import type { ServerMessageKey } from '@erp/i18n';

export interface FieldIssue {
  field: string;
  code: string;
  params?: Record<string, unknown>;
}

/** An expected refusal: an HTTP status and a message key that the error middleware translates. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: ServerMessageKey,
    readonly params: Record<string, unknown> = {},
    readonly fields: FieldIssue[] = [],
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const badRequest = (key: ServerMessageKey = 'validationFailed', fields: FieldIssue[] = []) =>
  new AppError(400, key, {}, fields);
export const fieldError = (field: string, code: ServerMessageKey) =>
  new AppError(400, 'validationFailed', {}, [{ field, code }]);
export const unauthorized = (key: ServerMessageKey = 'unauthenticated') => new AppError(401, key);
export const forbidden = () => new AppError(403, 'forbidden');
export const notFound = () => new AppError(404, 'notFound');
export const conflict = (key: ServerMessageKey, fields: FieldIssue[] = []) =>
  new AppError(409, key, {}, fields);
