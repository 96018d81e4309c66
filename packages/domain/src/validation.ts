import { z } from 'zod';
import { DEFAULT_UPLOAD_EXTENSIONS, DEFAULT_UPLOAD_MAX_BYTES, DEFAULT_UPLOAD_MIN_BYTES } from './limits';
import { hasControlCharacters } from './contracts/inputs';
import { MESSAGES, badFormat, maxChars, minChars } from './messages';

/** A required text with the spec's generic messages (spec 1 §5). */
export function requiredText(min: number, max: number) {
  return (
    z
      .string({ error: MESSAGES.required })
      .trim()
      .min(1, { message: MESSAGES.required })
      .min(min, { message: minChars(min) })
      .max(max, { message: maxChars(max) })
      // A NUL byte or another control character is no text (PostgreSQL refuses NUL outright): issue 14 item 7.
      .refine((value) => !hasControlCharacters(value), { message: MESSAGES.badRequest })
  );
}

export function optionalText(max: number, multiline = false) {
  return z
    .string()
    .trim()
    .max(max, { message: maxChars(max) })
    .refine((value) => !hasControlCharacters(value, multiline), { message: MESSAGES.badRequest });
}

export function requiredEmail(max: number) {
  return requiredText(1, max).pipe(z.email({ message: badFormat('correo') }));
}

export type FileRule = { extensions?: readonly string[]; maxBytes?: number; minBytes?: number };

/** Checks a file's extension and size and returns the spec's message, or null when it is fine. */
export function checkFile(file: { name: string; size: number }, rule: FileRule = {}): string | null {
  const extensions = (rule.extensions ?? DEFAULT_UPLOAD_EXTENSIONS).map((e) => e.toLowerCase());
  const dot = file.name.lastIndexOf('.');
  const extension = dot >= 0 ? file.name.slice(dot).toLowerCase() : '';
  if (!extensions.includes(extension)) return MESSAGES.fileInvalidType;
  if (file.size > (rule.maxBytes ?? DEFAULT_UPLOAD_MAX_BYTES)) return MESSAGES.fileTooLarge;
  if (file.size < (rule.minBytes ?? DEFAULT_UPLOAD_MIN_BYTES)) return MESSAGES.fileTooSmall;
  return null;
}
