import { z } from 'zod';

// Contracts of step-up, undo links and active sessions (ADR 0015).

/** The error code a sensitive request answers when it needs the password first (403). */
export const REAUTH_REQUIRED_CODE = 'reauthRequired';

export const ReauthRequest = z.object({
  password: z.string({ error: 'passwordRequired' }).min(1, 'passwordRequired').max(200, 'passwordTooLong'),
});
export type ReauthRequest = z.infer<typeof ReauthRequest>;

export const UndoChangeRequest = z.object({
  token: z.string({ error: 'invalidOrExpired' }).min(20, 'invalidOrExpired').max(100, 'invalidOrExpired'),
});
export type UndoChangeRequest = z.infer<typeof UndoChangeRequest>;

export const UndoChangeResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** True when the undo locked the password and mailed a link to choose a new one. */
  password_reset_sent: z.boolean(),
});
export type UndoChangeResponse = z.infer<typeof UndoChangeResponse>;

export const SessionDto = z.object({
  id: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  device: z.enum(['desktop', 'mobile', 'tablet', 'unknown']),
  created_at: z.string(),
  last_seen_at: z.string(),
  current: z.boolean(),
});
export type SessionDto = z.infer<typeof SessionDto>;

export const SessionList = z.object({ sessions: z.array(SessionDto) });
export type SessionList = z.infer<typeof SessionList>;

export const SessionParams = z.object({ id: z.string().max(100) });
