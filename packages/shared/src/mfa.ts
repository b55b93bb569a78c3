import { z } from 'zod';

// Second factors (ADR 0016): an authenticator app (TOTP), recovery codes and passkeys.

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
export const PASSKEY_NAME_MAX = 60;

/** A code as typed: spaces and dashes are dropped. */
const normalise = (v: string) => v.replace(/[\s-]/g, '');

export const totpCodeSchema = z
  .string({ error: 'mfaCodeRequired' })
  .max(20, 'mfaCodeInvalid')
  .transform(normalise)
  .pipe(
    z
      .string()
      .min(1, 'mfaCodeRequired')
      .regex(/^\d{6}$/, 'mfaCodeInvalid'),
  );

export const recoveryCodeSchema = z
  .string({ error: 'mfaCodeRequired' })
  .max(40, 'mfaCodeInvalid')
  .transform((v) => normalise(v).toLowerCase())
  .pipe(
    z
      .string()
      .min(1, 'mfaCodeRequired')
      .regex(/^[a-z2-7]{10}$/, 'mfaCodeInvalid'),
  );

/** A WebAuthn response as the browser library hands it over; checked in depth on the server. */
export const PasskeyResponse = z.looseObject({});

/**
 * What proves the second factor, in a login second step or alongside a withdrawal: exactly one of an
 * authenticator code, a recovery code, or a passkey assertion answering a challenge from the server.
 */
export const SecondFactorProof = z
  .object({
    code: totpCodeSchema.optional(),
    recovery_code: recoveryCodeSchema.optional(),
    passkey: z.object({ challenge_id: z.string().max(100), response: PasskeyResponse }).optional(),
  })
  .refine((v) => [v.code, v.recovery_code, v.passkey].filter((x) => x !== undefined).length === 1, {
    message: 'mfaCodeRequired',
  });
export type SecondFactorProof = z.input<typeof SecondFactorProof>;

export const MFA_METHODS = ['totp', 'recovery_code', 'passkey'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];

export const MfaStatus = z.object({
  totp_enabled: z.boolean(),
  recovery_codes_left: z.number().int(),
  passkeys: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      created_at: z.string(),
      last_used_at: z.string().nullable(),
    }),
  ),
  /** Any second factor at all: login and withdrawals ask for one. */
  enabled: z.boolean(),
  /** Whether this session has proven a second factor (the back office needs it). */
  session_verified: z.boolean(),
});
export type MfaStatus = z.infer<typeof MfaStatus>;

export const TotpSetupResponse = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as a QR code, an SVG document. */
  qr_svg: z.string(),
});

/** The current password; empty for an account that has none (social sign-in only). */
export const currentPasswordSchema = z
  .string({ error: 'passwordRequired' })
  .max(1024, 'wrongPassword')
  .default('');

export const TotpEnableRequest = z.object({ password: currentPasswordSchema, code: totpCodeSchema });
export type TotpEnableInput = z.input<typeof TotpEnableRequest>;

export const PasswordOnlyRequest = z.object({ password: currentPasswordSchema });
export type PasswordOnlyInput = z.input<typeof PasswordOnlyRequest>;

export const RecoveryCodesResponse = z.object({ codes: z.array(z.string()) });

export const LoginSecondStepRequest = SecondFactorProof;

export const PasskeyOptionsResponse = z.object({
  challenge_id: z.string(),
  options: z.looseObject({}),
});

export const PasskeyRegisterRequest = z.object({
  challenge_id: z.string().max(100),
  name: z
    .string({ error: 'passkeyNameRequired' })
    .trim()
    .min(1, 'passkeyNameRequired')
    .max(PASSKEY_NAME_MAX, 'passkeyNameTooLong'),
  response: PasskeyResponse,
});
export type PasskeyRegisterInput = z.input<typeof PasskeyRegisterRequest>;

export const PasskeySignInRequest = z.object({
  challenge_id: z.string().max(100),
  response: PasskeyResponse,
});

/** What a password or social login answers when a second step is owed. */
export const SecondStepRequired = z.object({
  methods: z.array(z.enum(MFA_METHODS)),
});
