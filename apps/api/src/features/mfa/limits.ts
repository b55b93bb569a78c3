import type { Rule } from '../../platform/rate-limit.ts';

// Limits of the second-factor endpoints. A six-digit code has a million values: ten wrong codes per
// account per quarter hour (across every pending login and withdrawal) keeps guessing hopeless,
// and the wait is told with Retry-After, so the owner is slowed, never locked out for good.
export const MFA_RULES = {
  codeFailuresPerAccount: { name: 'mfa-code-account', limit: 10, windowSeconds: 15 * 60 },
  passwordFailuresPerAccount: { name: 'mfa-password-account', limit: 10, windowSeconds: 15 * 60 },
  secondStepPerIp: { name: 'mfa-second-step-ip', limit: 30, windowSeconds: 5 * 60 },
  passkeySignInPerIp: { name: 'mfa-passkey-signin-ip', limit: 30, windowSeconds: 5 * 60 },
  setupPerAccount: { name: 'mfa-setup-account', limit: 30, windowSeconds: 60 * 60 },
} satisfies Record<string, Rule>;
