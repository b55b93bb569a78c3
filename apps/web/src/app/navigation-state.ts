// What one screen may hand to the next through navigation state (never through the URL).

export type RouteNoticeKey = 'sessionExpired' | 'loggedOut';

/** What a first-time Google sign-in hands to /register (spec §2, §3). */
export interface GoogleSignUpData {
  provider: 'google';
  email: string;
  name?: string | null;
  picture?: string | null;
  credential: string;
}

/** What a first-time Discord sign-in hands to /register (spec §2, §3). */
export interface DiscordSignUpData {
  provider: 'discord';
  username?: string | null;
  global_name?: string | null;
  email: string;
  avatar?: string | null;
  access_token: string;
}

export interface NavigationState {
  /** Social sign-up: /register opens at step 2 with these details and the email locked. */
  socialSignUp?: GoogleSignUpData | DiscordSignUpData;
  /** After login: show the 10-second "verify your email" reminder (spec §2 Home). */
  showVerificationNotice?: boolean;
  /** A one-off notice the layout shows on arrival. */
  notice?: RouteNoticeKey;
}

export function readNavigationState(state: unknown): NavigationState {
  return state && typeof state === 'object' ? (state as NavigationState) : {};
}
