import type { ErrorRequestHandler, Response } from 'express';
import { z } from 'zod';
import { MAX_DECIMAL, digitsLength, type FieldError, type Problem } from '@erp/contracts';
import {
  isServerMessageKey,
  parseLanguage,
  translate,
  type Language,
  type ServerMessageKey,
} from '@erp/i18n';
import { AppError, type FieldIssue } from '../errors';
import { isUniqueViolation } from '../db/database';
import type { Logger } from '../logger';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Content Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Maps a zod issue to a message key: the schema's own key when it gave one, else one per issue code. */
export function issueToField(issue: z.core.$ZodIssue): FieldIssue {
  const field = issue.path.map(String).join('.');
  if (isServerMessageKey(issue.message)) return { field, code: issue.message, params: issueParams(issue) };
  switch (issue.code) {
    case 'invalid_type':
      return { field, code: issue.input === undefined ? 'validation.required' : 'validation.type' };
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1)
        return { field, code: 'validation.required' };
      return { field, code: 'validation.min', params: issueParams(issue) };
    case 'too_big':
      return { field, code: 'validation.max', params: issueParams(issue) };
    case 'invalid_format':
      return { field, code: issue.format === 'email' ? 'validation.email' : 'validation.invalid' };
    case 'unrecognized_keys':
      return { field, code: 'validation.unknownField' };
    default:
      return { field, code: 'validation.invalid' };
  }
}

function issueParams(issue: z.core.$ZodIssue): Record<string, unknown> {
  const i = issue as { minimum?: unknown; maximum?: unknown; pattern?: unknown };
  // a rule's own issue (a refine, an entity check) names its values itself: 'range {line}', 'more than {minimum}'
  const own = issue.code === 'custom' ? (issue.params ?? {}) : {};
  return { minimum: i.minimum ?? '', maximum: i.maximum ?? '', length: digitsLength(i), ...own };
}

export function problemBody(
  status: number,
  key: ServerMessageKey,
  language: Language,
  fields: FieldIssue[] = [],
  params: Record<string, unknown> = {},
  instance?: string,
): Problem {
  const errors: FieldError[] = fields.map((f) => ({
    field: f.field,
    code: f.code,
    message: translate(language, f.code, f.params),
  }));
  return {
    type: `urn:erp:problem:${key}`,
    title: TITLES[status] ?? 'Error',
    status,
    detail: translate(language, key, params),
    code: key,
    ...(instance ? { instance } : {}),
    ...(errors.length ? { errors } : {}),
  };
}

export function sendProblem(res: Response, problem: Problem): void {
  res.status(problem.status).type('application/problem+json').send(JSON.stringify(problem));
}

/** The one error middleware: expected refusals become translated problem details; the rest a logged 500. */
export function problemMiddleware(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const language = parseLanguage(req.header('Language'));
    const instance = req.originalUrl;
    if (error instanceof AppError) {
      sendProblem(res, problemBody(error.status, error.key, language, error.fields, error.params, instance));
      return;
    }
    if (error instanceof z.ZodError) {
      sendProblem(
        res,
        problemBody(400, 'validationFailed', language, error.issues.map(issueToField), {}, instance),
      );
      return;
    }
    if (error instanceof RangeError && /out of range/.test(error.message)) {
      // a computed amount (quantity × price) beyond what storage keeps exactly: refused, never a 500
      sendProblem(
        res,
        problemBody(400, 'validation.numberTooLarge', language, [], { maximum: MAX_DECIMAL }, instance),
      );
      return;
    }
    if (isUniqueViolation(error)) {
      // two requests raced past the use case's own check; the unique index decided
      sendProblem(res, problemBody(409, 'itemAlreadyExists', language, [], {}, instance));
      return;
    }
    const e = error as { type?: string; status?: number };
    if (e?.type === 'entity.parse.failed') {
      sendProblem(res, problemBody(400, 'malformedBody', language, [], {}, instance));
      return;
    }
    if (e?.type === 'entity.too.large' || e?.status === 413) {
      sendProblem(res, problemBody(413, 'requestTooLarge', language, [], {}, instance));
      return;
    }
    if (error instanceof URIError || e?.status === 400) {
      // a path parameter that is not valid percent-encoding (/api/Banks/%E0%A4%A)
      sendProblem(res, problemBody(400, 'invalidAddress', language, [], {}, instance));
      return;
    }
    logger.error('unhandled error', {
      url: req.originalUrl,
      error: String((error as Error)?.stack ?? error),
    });
    sendProblem(res, problemBody(500, 'internalError', language, [], {}, instance));
  };
}
