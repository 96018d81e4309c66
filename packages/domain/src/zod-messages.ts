import { z } from 'zod';
import { MESSAGES, badFormat, maxChars, minChars } from './messages';

/**
 * Spanish messages for every zod check that does not carry its own (spec 1 §5's generic messages). zod's default
 * texts are English ('Invalid input: expected 1'), and a form's resolver can surface one from deep inside a union;
 * with this map no default text reaches a user or an API answer, whatever contract a check sits in. A check's own
 * message still wins: this is only the fallback (zod's `customError`, read at parse time).
 */
const isEmpty = (input: unknown) =>
  input === undefined || input === null || (typeof input === 'string' && input.trim() === '');

export function spanishIssueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
    case 'invalid_value':
    case 'invalid_union':
      return isEmpty(issue.input) ? MESSAGES.required : MESSAGES.checkInput;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? MESSAGES.required : minChars(Number(issue.minimum));
      if (issue.origin === 'array' || issue.origin === 'set') return MESSAGES.required;
      return MESSAGES.checkInput;
    case 'too_big':
      return issue.origin === 'string' ? maxChars(Number(issue.maximum)) : MESSAGES.checkInput;
    case 'invalid_format':
      return issue.format === 'email' ? badFormat('correo') : MESSAGES.checkInput;
    default:
      return MESSAGES.checkInput;
  }
}

/**
 * Installs the map (idempotent). The domain's index installs it on import; the web app and the API also call it at
 * start, because a bundler that trusts `"sideEffects"` may drop an import kept only for its side effect.
 */
export function installSpanishZodMessages(): void {
  z.config({ customError: spanishIssueMessage });
}

installSpanishZodMessages();
