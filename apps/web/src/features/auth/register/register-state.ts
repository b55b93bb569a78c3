import type { UserType } from '@indiesplit/shared/constants';
import { USERNAME_MAX } from '@indiesplit/shared/validation';
import { readNavigationState } from '../../../app/navigation-state.ts';

// The sign-up wizard's rules (spec §4 "Registration"), as a reducer so they can be tested alone.

export type RegisterStep = 1 | 2 | 3;

export interface SocialPrefill {
  provider: 'google' | 'discord';
  email: string;
  username: string;
  name: string;
  surname: string;
  picture: string | null;
  /** Google ID token or Discord access token, sent with the sign-up. */
  token: string;
}

export interface RegisterState {
  step: RegisterStep;
  userTypes: UserType[];
  social: SocialPrefill | null;
  loading: boolean;
  /** A catalogue or screen message key, or a ready text. */
  error: string | null;
}

export type RegisterAction =
  | { type: 'toggleType'; userType: UserType }
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'submit' }
  | { type: 'success' }
  | { type: 'failure'; error: string | null }
  | { type: 'edit' };

export function initialRegisterState(social: SocialPrefill | null): RegisterState {
  return { step: social ? 2 : 1, userTypes: [], social, loading: false, error: null };
}

export const canGoBack = (s: RegisterState) => s.step === 2 && !s.social && !s.loading;

export function registerReducer(state: RegisterState, action: RegisterAction): RegisterState {
  switch (action.type) {
    case 'toggleType': {
      // A social sign-up starts at step 2 (spec §2) and chooses its profiles there.
      if (state.step !== 1 && !(state.step === 2 && state.social)) return state;
      const has = state.userTypes.includes(action.userType);
      const userTypes = has
        ? state.userTypes.filter((t) => t !== action.userType)
        : [...state.userTypes, action.userType];
      return { ...state, userTypes, error: null };
    }
    case 'next':
      if (state.step !== 1) return state;
      if (state.userTypes.length === 0) return { ...state, error: 'selectUserType' };
      return { ...state, step: 2, error: null };
    case 'back':
      return canGoBack(state) ? { ...state, step: 1, error: null } : state;
    case 'submit':
      return state.step === 2 ? { ...state, loading: true, error: null } : state;
    case 'success':
      return { ...state, step: 3, loading: false, error: null };
    case 'failure':
      return { ...state, loading: false, error: action.error };
    case 'edit':
      return state.error === null ? state : { ...state, error: null };
  }
}

/** Progress bar width in percent: step/4, and full on the last step. */
export function progressPercent(step: RegisterStep): number {
  return step >= 3 ? 100 : (step / 4) * 100;
}

/** A username the shared rule accepts, made from what a provider knows (letters, digits, _). */
export function suggestUsername(source: string): string {
  const cleaned = source
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, USERNAME_MAX);
  return cleaned.length >= 3 ? cleaned : '';
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** Reads the social sign-up data a provider's first sign-in passed in navigation state. */
export function socialPrefillFromState(state: unknown): SocialPrefill | null {
  const data = readNavigationState(state).socialSignUp as Record<string, unknown> | undefined;
  if (!data || typeof data !== 'object') return null;
  const email = text(data.email);
  if (!email) return null;
  if (data.provider === 'google' && text(data.credential)) {
    const [name = '', ...rest] = text(data.name).split(/\s+/);
    return {
      provider: 'google',
      email,
      username: suggestUsername(email.split('@')[0] ?? ''),
      name,
      surname: rest.join(' '),
      picture: text(data.picture) || null,
      token: text(data.credential),
    };
  }
  if (data.provider === 'discord' && text(data.access_token)) {
    const [name = '', ...rest] = text(data.global_name).split(/\s+/);
    return {
      provider: 'discord',
      email,
      username: suggestUsername(text(data.username)),
      name,
      surname: rest.join(' '),
      picture: text(data.avatar) || null,
      token: text(data.access_token),
    };
  }
  return null;
}
