// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { loginPathFor, safeReturnPath } from './return-path.ts';
import { loginReason, peekReturnPath, rememberReturnPath, takeReturnPath } from './return-to.ts';

afterEach(() => sessionStorage.clear());

describe('where a login returns to', () => {
  it('accepts a path of this site, with its query', () => {
    expect(safeReturnPath('/campaigns/starfall/invest?amount=100')).toBe(
      '/campaigns/starfall/invest?amount=100',
    );
    expect(safeReturnPath('/portfolio#wallet')).toBe('/portfolio#wallet');
  });

  it('refuses another origin, however it is spelled, and the login screens themselves', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '/\\/evil.example',
      'javascript:alert(1)',
      ' /portfolio',
      '/port folio',
      '/portfolio\n',
      '/login',
      '/login?next=/portfolio',
      '/login/verify',
      `/${'a'.repeat(600)}`,
      '',
      null,
    ])
      expect(safeReturnPath(bad)).toBeNull();
  });

  it('builds the login address with the destination, and none for home or a bad one', () => {
    expect(loginPathFor('/campaigns/starfall/invest')).toBe('/login?next=%2Fcampaigns%2Fstarfall%2Finvest');
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('//evil.example')).toBe('/login');
  });

  it('keeps the destination for the tab until a login takes it, once', () => {
    rememberReturnPath('/demo');
    expect(peekReturnPath()).toBe('/demo');
    expect(takeReturnPath()).toBe('/demo');
    expect(takeReturnPath()).toBe('/');
    sessionStorage.setItem('indiesplit.returnTo', '//evil.example');
    expect(takeReturnPath()).toBe('/');
  });

  it('says why it asks, from the destination', () => {
    expect(loginReason('/campaigns/starfall/invest?amount=5')).toEqual({ kind: 'invest', slug: 'starfall' });
    expect(loginReason('/demo')).toEqual({ kind: 'demo' });
    expect(loginReason('/portfolio/statements/x/2026')).toEqual({ kind: 'portfolio' });
    expect(loginReason('/settings')).toEqual({ kind: 'page' });
    expect(loginReason(null)).toBeNull();
  });
});
