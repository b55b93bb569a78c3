// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  canGoBack,
  initialRegisterState,
  progressPercent,
  type RegisterAction,
  type RegisterState,
  registerReducer,
  socialPrefillFromState,
  suggestUsername,
} from './register-state.ts';

const run = (state: RegisterState, ...actions: RegisterAction[]) => actions.reduce(registerReducer, state);
const start = initialRegisterState(null);

describe('sign-up steps', () => {
  it('starts at step 1 with no user type chosen', () => {
    expect(start).toMatchObject({ step: 1, userTypes: [], loading: false, error: null });
  });

  it('needs at least one user type to go from step 1 to step 2', () => {
    const refused = run(start, { type: 'next' });
    expect(refused.step).toBe(1);
    expect(refused.error).toBe('selectUserType');
    const moved = run(start, { type: 'toggleType', userType: 'gamer' }, { type: 'next' });
    expect(moved).toMatchObject({ step: 2, userTypes: ['gamer'], error: null });
  });

  it('toggles user types on and off, and choosing one clears the error', () => {
    const s = run(
      start,
      { type: 'next' },
      { type: 'toggleType', userType: 'investor' },
      { type: 'toggleType', userType: 'developer' },
      { type: 'toggleType', userType: 'investor' },
    );
    expect(s.userTypes).toEqual(['developer']);
    expect(s.error).toBeNull();
  });

  it('goes back from 2 to 1, but not while loading', () => {
    const atTwo = run(start, { type: 'toggleType', userType: 'investor' }, { type: 'next' });
    expect(run(atTwo, { type: 'back' }).step).toBe(1);
    const busy = run(atTwo, { type: 'submit' });
    expect(canGoBack(busy)).toBe(false);
    expect(run(busy, { type: 'back' }).step).toBe(2);
  });

  it('reaches step 3 only on a successful sign-up; a failure keeps step 2 with the error', () => {
    const atTwo = run(
      start,
      { type: 'toggleType', userType: 'investor' },
      { type: 'next' },
      { type: 'submit' },
    );
    expect(atTwo.loading).toBe(true);
    const failed = run(atTwo, { type: 'failure', error: 'Username already exists.' });
    expect(failed).toMatchObject({ step: 2, loading: false, error: 'Username already exists.' });
    expect(run(failed, { type: 'edit' }).error).toBeNull();
    expect(run(failed, { type: 'submit' }, { type: 'success' })).toMatchObject({ step: 3, loading: false });
  });

  it('sets the progress bar to step/4, and full on the last step', () => {
    expect(progressPercent(1)).toBe(25);
    expect(progressPercent(2)).toBe(50);
    expect(progressPercent(3)).toBe(100);
  });
});

describe('social sign-up', () => {
  const google = {
    socialSignUp: {
      provider: 'google',
      email: 'ada@example.com',
      name: 'Ada King Lovelace',
      picture: 'https://x/p.png',
      credential: 'jwt',
    },
  };
  const discord = {
    socialSignUp: {
      provider: 'discord',
      username: 'ada.dev',
      global_name: 'Ada',
      email: 'ada@example.com',
      avatar: 'abc',
      access_token: 'tok',
    },
  };

  it('jumps straight to step 2 and cannot go back', () => {
    const social = socialPrefillFromState(google);
    const s = initialRegisterState(social);
    expect(s.step).toBe(2);
    expect(canGoBack(s)).toBe(false);
    expect(run(s, { type: 'back' }).step).toBe(2);
  });

  it('reads Google data: email, a username from the address, first and last name', () => {
    expect(socialPrefillFromState(google)).toEqual({
      provider: 'google',
      email: 'ada@example.com',
      username: 'ada',
      name: 'Ada',
      surname: 'King Lovelace',
      picture: 'https://x/p.png',
      token: 'jwt',
    });
  });

  it('reads Discord data and makes the username fit the rules', () => {
    expect(socialPrefillFromState(discord)).toMatchObject({
      provider: 'discord',
      username: 'ada_dev',
      name: 'Ada',
      token: 'tok',
    });
  });

  it('ignores state without a provider token or email', () => {
    expect(socialPrefillFromState(null)).toBeNull();
    expect(socialPrefillFromState({ socialSignUp: { provider: 'google', email: 'a@b.c' } })).toBeNull();
    expect(socialPrefillFromState({ socialSignUp: { provider: 'discord', access_token: 't' } })).toBeNull();
  });

  it('suggests usernames only the shared rule accepts', () => {
    expect(suggestUsername('José.María')).toBe('Jose_Maria');
    expect(suggestUsername('a.')).toBe('');
    expect(suggestUsername('x'.repeat(40))).toHaveLength(30);
  });
});
