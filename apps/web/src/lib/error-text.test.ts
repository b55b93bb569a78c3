import { describe, expect, it } from 'vitest';
import i18n from '../i18n/index.ts';
import { ApiError } from './api.ts';
import { errorText, fieldErrorText } from './error-text.ts';

describe('errorText', () => {
  it('uses the server’s wording when the text needs a value only the server knows (the end of a hold)', () => {
    const held =
      'For your safety, withdrawals to a new IBAN are possible again from 28 November 2026 at 01:00 UTC, 72 hours after your email or password was changed.';
    const err = new ApiError({
      status: 409,
      code: 'newIbanHeld',
      serverMessage: held,
      fieldCodes: { iban: 'newIbanHeld' },
      fieldMessages: { iban: held },
    });
    expect(errorText(i18n.t, err, { fallback: 'errors:serverError' })).toBe(held);
    expect(fieldErrorText(i18n.t, err, 'iban')).toBe(held);
  });

  it('translates itself otherwise, filling the seconds of a rate limit', () => {
    const err = new ApiError({
      status: 429,
      code: 'rateLimited',
      retryAfter: 42,
      serverMessage: 'server words',
    });
    expect(errorText(i18n.t, err, { fallback: 'errors:serverError' })).toBe(
      'Too many attempts. Please wait 42 seconds and try again.',
    );
  });
});
