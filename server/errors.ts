/** Errors the API answers with, in the shape DESIGN section 5 gives: {detail, errors?}. */
import { TILE_URL_PATTERN } from '../common/settings.ts';

export interface ErrorBody {
  detail: string;
  errors?: Record<string, string[]>;
  [extra: string]: unknown;
}

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
    readonly headers?: Record<string, string>,
  ) {
    super(body.detail);
  }
}

export const badRequest = (errors: Record<string, string[]>, detail = 'Invalid input') =>
  new ApiError(400, { detail, errors });
export const unauthorized = (detail = 'Authentication credentials were not provided or are invalid') =>
  new ApiError(401, { detail });
export const forbidden = (detail = 'You do not have permission to perform this action') => new ApiError(403, { detail });
export const notFound = (detail = 'Not found') => new ApiError(404, { detail });
export const conflict = (detail: string, extra: Record<string, unknown> = {}) => new ApiError(409, { detail, ...extra });

interface AjvIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** What a value must look like, in words, for patterns a person cannot be expected to read. */
const PATTERN_MESSAGES: Record<string, string> = {
  [TILE_URL_PATTERN]: 'Must be an https address on a plain host with {z}, {x} and {y}, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png.',
};

export const WEB_URL_MESSAGE = 'Use an address that starts with https:// or a path on this site.';

/** Turns Ajv's list of issues into {detail, errors: {field: [message]}}. */
export function validationErrorBody(issues: AjvIssue[], part = 'body'): ErrorBody {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    let field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    let message = issue.message ?? 'is invalid';
    if (issue.keyword === 'required') {
      field = [field, String(issue.params.missingProperty)].filter(Boolean).join('.');
      message = 'This field is required.';
    } else if (issue.keyword === 'pattern' && Object.hasOwn(PATTERN_MESSAGES, String(issue.params.pattern))) {
      message = PATTERN_MESSAGES[String(issue.params.pattern)];
    } else if (issue.keyword === 'format' && issue.params.format === 'web-url') {
      message = WEB_URL_MESSAGE;
    } else if (issue.keyword === 'additionalProperties') {
      field = [field, String(issue.params.additionalProperty)].filter(Boolean).join('.');
      message = 'Unknown field.';
    }
    const key = field || part;
    // Own keys only: a body field named `constructor` or `toString` is still just a field.
    if (!Object.hasOwn(errors, key)) errors[key] = [];
    errors[key].push(message);
  }
  // A nullable field's value fails both branches of its anyOf: the branch that says why is
  // enough, without "must be null" and "must match a schema in anyOf" beside it.
  for (const [key, messages] of Object.entries(errors)) {
    const specific = messages.filter((m) => m !== 'must be null' && m !== 'must match a schema in anyOf');
    if (specific.length > 0) errors[key] = specific;
  }
  return { detail: `Invalid ${part}`, errors };
}
