// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { formatCountdown, secondsLeft } from '../../lib/countdown.ts';
import {
  avatarFileProblem,
  emailChanged,
  readCooldown,
  sectionFromHash,
  writeCooldown,
} from './settings-logic.ts';

const MB = 1024 * 1024;

describe('settings rules', () => {
  it('accepts JPEG, PNG and WebP up to 5 MB, with the spec’s messages otherwise', () => {
    expect(avatarFileProblem({ name: 'me.jpg', type: 'image/jpeg', size: MB })).toBeNull();
    expect(avatarFileProblem({ name: 'me.png', type: 'image/png', size: 5 * MB })).toBeNull();
    expect(avatarFileProblem({ name: 'me.webp', type: 'image/webp', size: 10 })).toBeNull();
    expect(avatarFileProblem({ name: 'me.gif', type: 'image/gif', size: 10 })).toBe('invalidImage');
    expect(avatarFileProblem({ name: 'me.svg', type: 'image/svg+xml', size: 10 })).toBe('invalidImage');
    expect(avatarFileProblem({ name: 'me.png', type: 'image/png', size: 5 * MB + 1 })).toBe('imageTooLarge');
    // Without a declared type the name decides.
    expect(avatarFileProblem({ name: 'ME.JPEG', type: '', size: 10 })).toBeNull();
    expect(avatarFileProblem({ name: 'me.bmp', type: '', size: 10 })).toBe('invalidImage');
  });

  it('detects an email change ignoring case and surrounding spaces', () => {
    expect(emailChanged('Ada@Example.com', '  ada@example.com ')).toBe(false);
    expect(emailChanged('ada@example.com', 'ada@example.org')).toBe(true);
  });

  it('writes the resend cooldown as m:ss', () => {
    expect(formatCountdown(180)).toBe('3:00');
    expect(formatCountdown(179)).toBe('2:59');
    expect(formatCountdown(61)).toBe('1:01');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-5)).toBe('0:00');
  });

  it('counts whole seconds left, never below zero', () => {
    expect(secondsLeft(null, 1000)).toBe(0);
    expect(secondsLeft(181_000, 1000)).toBe(180);
    expect(secondsLeft(1500, 1000)).toBe(1);
    expect(secondsLeft(1000, 2000)).toBe(0);
  });

  it('keeps a running cooldown across a reload and drops an expired one', () => {
    writeCooldown(10_000);
    expect(readCooldown(5_000)).toBe(10_000);
    expect(readCooldown(10_000)).toBeNull();
    writeCooldown(null);
    expect(readCooldown(0)).toBeNull();
  });

  it('opens the section named in the address, profile otherwise', () => {
    expect(sectionFromHash('#legal')).toBe('legal');
    expect(sectionFromHash('#subscriptions')).toBe('subscriptions');
    expect(sectionFromHash('')).toBe('profile');
    expect(sectionFromHash('#nope')).toBe('profile');
  });
});
