// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAnalytics } from './analytics.ts';
import {
  acceptAll,
  getConsent,
  hasConsent,
  rejectAll,
  reloadConsentForTests,
  setConsent,
  subscribeConsent,
} from './consent.ts';

beforeEach(() => {
  localStorage.clear();
  reloadConsentForTests();
});

describe('consent', () => {
  it('starts undecided, with nothing non-essential allowed', () => {
    expect(getConsent()).toMatchObject({ decided: false, analytics: false, media: false });
    expect(hasConsent('analytics')).toBe(false);
  });

  it('remembers the choice across page loads and tells subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeConsent(listener);
    setConsent({ analytics: false, media: true });
    expect(listener).toHaveBeenCalledTimes(1);
    reloadConsentForTests();
    expect(getConsent()).toMatchObject({ decided: true, analytics: false, media: true });
    expect(hasConsent('media')).toBe(true);
    unsubscribe();
  });

  it('accept all and reject all are both one call', () => {
    acceptAll();
    expect(hasConsent('analytics') && hasConsent('media')).toBe(true);
    rejectAll();
    expect(hasConsent('analytics') || hasConsent('media')).toBe(false);
    expect(getConsent().decided).toBe(true);
  });

  it('asks again when the stored choice is from another version of the categories', () => {
    localStorage.setItem('indiesplit.consent', JSON.stringify({ version: 0, analytics: true, media: true }));
    reloadConsentForTests();
    expect(getConsent().decided).toBe(false);
  });
});

describe('analytics', () => {
  it('does nothing without a configured collector', () => {
    const send = vi.fn();
    const a = createAnalytics({ endpoint: undefined, consented: () => true, send });
    a.registrationCompleted('email');
    expect(send).not.toHaveBeenCalled();
  });

  it('does nothing without consent', () => {
    const send = vi.fn();
    const a = createAnalytics({ endpoint: '/collect', consented: () => false, send });
    a.registrationCompleted('google');
    expect(send).not.toHaveBeenCalled();
  });

  it('reports a sign-up as a conversion plus its method when configured and consented', () => {
    const send = vi.fn();
    const a = createAnalytics({ endpoint: '/collect', consented: () => true, send });
    a.registrationCompleted('discord');
    expect(send).toHaveBeenCalledTimes(2);
    const events = send.mock.calls.map(([url, body]) => ({ url, ...JSON.parse(body as string) }));
    expect(events[0]).toMatchObject({ url: '/collect', name: 'registration_conversion' });
    expect(events[1]).toMatchObject({ name: 'registration_method', props: { method: 'discord' } });
  });
});
