import { z } from 'zod';
import { USER_TYPES } from './constants.ts';
import { SecondStepRequired } from './mfa.ts';
import { STAFF_ROLES } from './pitches.ts';
import { emailSchema, passwordSchema, personNameSchema, usernameSchema } from './validation.ts';

// Contracts of the /auth/* calls (spec §7). Field names are the spec's, snake_case included.

export const ErrorResponse = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  error: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  /** field -> message key, for clients that translate themselves */
  error_codes: z.record(z.string(), z.string()).optional(),
  retry_after: z.number().int().optional(),
  request_id: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const MessageResponse = z.object({ success: z.boolean(), message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

export const CsrfResponse = z.object({ csrfToken: z.string() });

export const AuthenticatedResponse = z.object({
  isAuthenticated: z.boolean(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  id: z.string().nullable(),
  isEmailVerified: z.boolean(),
  profile_picture_url: z.string().nullable(),
  /** Back-office role, so the web app can show the back-office link; null for visitors and members. */
  staff_role: z.enum(STAFF_ROLES).nullable(),
  /**
   * A newer version of the terms is in force than the member accepted (ADR 0034): the web app asks
   * for acceptance before going on, and the API refuses investing and withdrawals until then.
   */
  termsAcceptanceRequired: z.boolean(),
});
export type AuthenticatedResponse = z.infer<typeof AuthenticatedResponse>;

// LoginRequest lives in login.ts, in zod's small build (see there).

export const LoginResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  isEmailVerified: z.boolean(),
  /** Present when the account has a second factor: no session yet, the second step is owed. */
  second_factor: SecondStepRequired.optional(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const userTypesSchema = z
  .array(z.enum(USER_TYPES, { error: 'selectUserType' }), { error: 'selectUserType' })
  .min(1, 'selectUserType')
  .max(USER_TYPES.length, 'selectUserType')
  .refine((types) => new Set(types).size === types.length, 'selectUserType');

// The account fields of a sign-up with a password. The sign-up form asks for them on its second
// step (the profiles, user_types, are chosen on the first), so it checks them with RegisterDetails;
// the API checks the whole RegisterRequest.
const registerFields = {
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  re_password: z.string({ error: 'confirmPasswordRequired' }).min(1, 'confirmPasswordRequired'),
  name: personNameSchema.optional().default(''),
  surname: personNameSchema.optional().default(''),
  newsletter: z.boolean().optional().default(false),
  accepted_terms: z.literal(true, { error: 'acceptTerms' }),
};

/** The confirmation must repeat the password; checked even when other fields are wrong too. */
const samePasswords = (v: { password: string; re_password: string }) => v.password === v.re_password;
const passwordsMatch = {
  path: ['re_password'],
  message: 'passwordsMatch',
  when: ({ value }: { value: unknown }) => {
    const v = value as { password?: unknown; re_password?: unknown };
    return typeof v.password === 'string' && typeof v.re_password === 'string' && v.re_password !== '';
  },
};

export const RegisterDetails = z.object(registerFields).refine(samePasswords, passwordsMatch);
export type RegisterDetails = z.input<typeof RegisterDetails>;

export const RegisterRequest = z
  .object({ ...registerFields, user_types: userTypesSchema })
  .refine(samePasswords, passwordsMatch);
export type RegisterRequest = z.input<typeof RegisterRequest>;

export const RegisterResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  isEmailVerified: z.boolean(),
  id: z.string(),
});

export const VerifyEmailParams = z.object({
  user_id: z.string().max(100, 'invalidRequest'),
  verification_code: z.string().max(200, 'invalidRequest'),
});

export const RecoverPasswordRequest = z.object({ email: emailSchema });

export const ResetPasswordRequest = z
  .object({
    user_id: z.string({ error: 'invalidRequest' }).min(1, 'invalidRequest').max(100, 'invalidRequest'),
    user_token: z.string({ error: 'invalidRequest' }).min(1, 'invalidRequest').max(200, 'invalidRequest'),
    new_password: passwordSchema,
    re_new_password: z.string().optional(),
  })
  .refine((v) => v.re_new_password === undefined || v.re_new_password === v.new_password, {
    path: ['re_new_password'],
    message: 'passwordsMatch',
  });
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequest>;
