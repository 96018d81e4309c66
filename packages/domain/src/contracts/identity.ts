import { z } from 'zod';
import { AppErrorCode } from '../errors';
import { MESSAGES, badFormat } from '../messages';
import { NEW_PASSWORD_PATTERN, SIGN_IN_PASSWORD_PATTERN } from '../passwords';
import { TEXT_MAX } from '../limits';
import { envelope } from './common';

/** Identity flows, modelled on the hosted user pool (ARCHITECTURE §5). */
export const IDENTITY_ERROR = {
  NotAuthorized: AppErrorCode.NotAuthorizedException,
  PasswordAttemptsExceeded: AppErrorCode.PasswordAttemptsExceeded,
  CodeMismatch: AppErrorCode.CodeMismatchException,
  ExpiredCode: AppErrorCode.ExpiredCodeException,
  InvalidPassword: AppErrorCode.InvalidPasswordException,
  LimitExceeded: AppErrorCode.LimitExceededException,
} as const;

/** `reason` on a NotAuthorizedException whose temporary password expired (spec 1 §8). */
export const TEMPORARY_PASSWORD_EXPIRED = 'TEMPORARY_PASSWORD_EXPIRED';

const email = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, { message: MESSAGES.required })
  .max(TEXT_MAX)
  .email({ message: badFormat('correo') })
  .transform((v) => v.toLowerCase());

export const signInRequest = z.object({
  email,
  password: z.string({ error: MESSAGES.required }).min(1, { message: MESSAGES.required }).max(256),
});
export type SignInRequest = z.infer<typeof signInRequest>;

/** The screen's own pattern check (spec 1 §5); the server accepts any string and answers NotAuthorized. */
export const signInForm = signInRequest.extend({
  password: z
    .string()
    .min(1, { message: MESSAGES.required })
    .regex(SIGN_IN_PASSWORD_PATTERN, { message: badFormat('contraseña') }),
});

export const tokens = z.object({
  accessToken: z.string(),
  /** Seconds the access token lives. */
  expiresIn: z.number().int(),
  tokenType: z.literal('Bearer'),
});
export type Tokens = z.infer<typeof tokens>;

export const signInResponse = envelope(
  z.union([tokens, z.object({ challenge: z.literal('NEW_PASSWORD_REQUIRED'), session: z.string() })]),
);
export type SignInResponse = z.infer<typeof signInResponse>;

export const newPassword = z
  .string({ error: MESSAGES.required })
  .min(1, { message: MESSAGES.required })
  .max(256)
  .regex(NEW_PASSWORD_PATTERN, { message: MESSAGES.newPasswordInvalid });

/**
 * The screens' new password plus its confirmation (spec 1 §2.4: the first sign-in, mode 2, and the recovery, mode 4,
 * ask for it the same way): an empty confirmation is 'Campo requerido.', a different one 'Las contraseñas no
 * coinciden'. Only `newPassword` travels to the server.
 */
export const newPasswordFields = {
  newPassword,
  confirmation: z.string({ error: MESSAGES.required }).min(1, { message: MESSAGES.required }),
};
export const passwordsMatch = <S extends z.ZodType<{ newPassword: string; confirmation: string }>>(schema: S): S =>
  schema.refine((v) => v.newPassword === v.confirmation, {
    path: ['confirmation'],
    message: MESSAGES.passwordsDoNotMatch,
  });

export const completeNewPasswordRequest = z.object({ session: z.string().min(1), newPassword });
export type CompleteNewPasswordRequest = z.infer<typeof completeNewPasswordRequest>;
export const completeNewPasswordResponse = envelope(tokens);

export const forgotPasswordRequest = z.object({ email });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;
export const forgotPasswordResponse = envelope(z.object({ delivery: z.literal('EMAIL') }));

export const confirmForgotPasswordRequest = z.object({
  email,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: badFormat('código') }),
  newPassword,
});
export type ConfirmForgotPasswordRequest = z.infer<typeof confirmForgotPasswordRequest>;
export const okResponse = envelope(z.object({ ok: z.literal(true) }));

export const refreshResponse = envelope(tokens);

export const identitySessionResponse = envelope(
  z.object({ sub: z.string(), email: z.string(), exp: z.number().int(), authTime: z.number().int() }),
);
