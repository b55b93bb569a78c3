import { LANGUAGES, type Language } from '@indiesplit/shared/languages';
import { describe, expect, it } from 'vitest';
import { resetEmail, verificationEmail } from '../features/auth/emails.ts';
import {
  campaignOpenEmail,
  keyInformationChangedEmail,
  studioCampaignOpenEmail,
} from '../features/campaigns/emails.ts';
import { complaintAnsweredEmail, complaintReceivedEmail } from '../features/complaints/emails.ts';
import * as funds from '../features/funds/emails.ts';
import { investmentReservedEmail, investmentRevokedEmail } from '../features/investing/emails.ts';
import { sophisticatedStatusEmail } from '../features/investing/sophisticated-emails.ts';
import * as pitches from '../features/pitches/emails.ts';
import {
  payoutArrivedEmail,
  reportDueEmail,
  reportEscalationEmail,
  reportVerifiedEmail,
} from '../features/revenue/emails.ts';
import { sensitiveChangeEmail } from '../features/security/emails.ts';
import * as settlement from '../features/settlement/emails.ts';
import { accountDeletedEmail } from '../features/users/emails.ts';
import type { MailMessage } from '../platform/mailer.ts';

// Every email the platform sends, in every language, with hostile values where people type them:
// each one is fully worded (no placeholder left), has its plain-text part, and escapes the values
// in its HTML.

const EVIL = '<script>alert(1)</script>';
const URL = 'https://indiesplit.test';

function everyEmail(lang: Language): Record<string, MailMessage> {
  const mails: Record<string, MailMessage> = {
    verification: verificationEmail(lang, 'a@example.com', 'u1', EVIL, `${URL}/verify-email/t`),
    reset: resetEmail(lang, 'a@example.com', 'u1', EVIL, `${URL}/reset-password/t`),
  };
  const member = { to: 'a@example.com', userId: 'u1', language: lang, username: EVIL };
  mails.depositCredited = funds.depositCreditedEmail(member, 123_456, URL);
  mails.withdrawalRequested = funds.withdrawalRequestedEmail(
    member,
    { amountCents: 5000, maskedIban: EVIL },
    URL,
  );
  mails.withdrawalPaid = funds.withdrawalPaidEmail(
    member,
    { amountCents: 5000, maskedIban: 'IT** 1234', bankReference: EVIL },
    URL,
  );
  mails.withdrawalRejected = funds.withdrawalRejectedEmail(member, { amountCents: 5000, note: EVIL }, URL);

  const developer = { to: 'a@example.com', userId: null, language: lang, name: EVIL, projectName: EVIL };
  mails.pitchReceived = pitches.pitchReceivedEmail(developer, URL);
  mails.changesRequested = pitches.changesRequestedEmail(developer, EVIL, URL);
  mails.pitchRejected = pitches.rejectedEmail(developer, EVIL, URL);
  mails.pitchApproved = pitches.approvedEmail(developer, EVIL, URL);
  const reviewer = {
    to: 'r@example.com',
    userId: 'r1',
    language: lang,
    username: EVIL,
    projectName: EVIL,
    pitchId: 'p',
  };
  mails.pitchAssigned = pitches.assignedEmail(reviewer, URL);
  mails.pitchResubmitted = pitches.resubmittedEmail(reviewer, 2, URL);

  const person = { to: 'a@example.com', userId: 'u1', language: lang, name: EVIL };
  const campaign = { title: EVIL, slug: 'c', currency: 'DEMO' };
  mails.campaignOpen = campaignOpenEmail(person, campaign, URL);
  mails.investmentPosted = settlement.investmentPostedEmail(person, campaign, 250_000, URL);
  mails.refundedFailed = settlement.investmentRefundedEmail(person, campaign, 250_000, 'failed', URL);
  mails.refundedCancelled = settlement.investmentRefundedEmail(person, campaign, 250_000, 'cancelled', URL);
  mails.developerFunded = settlement.developerFundedEmail(person, campaign, 250_000, 7, URL);
  mails.developerFailed = settlement.developerFailedEmail(person, campaign, URL);
  const moment = new Date('2026-05-04T10:30:00Z');
  mails.studioOpen = studioCampaignOpenEmail(person, campaign, moment, URL);
  mails.studioOpenNoDeadline = studioCampaignOpenEmail(person, campaign, null, URL);
  mails.investmentReserved = investmentReservedEmail(
    person,
    campaign,
    { amountCents: 10_000, revocableUntil: moment, keyInformationVersion: 2 },
    URL,
  );
  mails.investmentReservedSophisticated = investmentReservedEmail(
    person,
    campaign,
    { amountCents: 10_000, revocableUntil: null, keyInformationVersion: null },
    URL,
  );
  mails.investmentRevoked = investmentRevokedEmail(person, campaign, 10_000, URL);
  mails.keyInformationChanged = keyInformationChangedEmail(
    person,
    campaign,
    { number: 3, changes: ['risks', 'sections'], revocableUntil: moment },
    URL,
  );
  const verified = {
    campaignId: 'c',
    kind: 'regular',
    periodKind: 'month',
    periodStart: '2026-03-01',
  } as const;
  mails.reportVerified = reportVerifiedEmail(person, campaign, verified, 4321, URL);
  mails.reportVerifiedNoPool = reportVerifiedEmail(person, campaign, verified, 0, URL);
  mails.accountDeleted = accountDeletedEmail(lang, 'a@example.com', EVIL);
  const investor = { userId: 'u1', email: 'a@example.com', firstName: EVIL, username: EVIL, language: lang };
  for (const kind of [
    'sophisticatedApproved',
    'sophisticatedRefused',
    'sophisticatedExpiring',
    'sophisticatedExpired',
  ] as const) {
    mails[kind] = sophisticatedStatusEmail(investor, kind, URL, { until: moment, reason: EVIL });
  }
  mails.payoutMonth = payoutArrivedEmail(
    person,
    campaign,
    { kind: 'regular', periodKind: 'month', periodStart: '2026-03-01' },
    1234,
    URL,
  );
  mails.payoutQuarterAdjustment = payoutArrivedEmail(
    person,
    campaign,
    { kind: 'adjustment', periodKind: 'quarter', periodStart: '2026-04-01' },
    1234,
    URL,
  );
  const due = { campaignId: 'c', periodStart: '2026-02-01', dueOn: '2026-03-15' };
  mails.reportDueToday = reportDueEmail(person, campaign, { ...due, today: '2026-03-15' }, URL);
  mails.reportOverdue = reportDueEmail(person, campaign, { ...due, today: '2026-03-20' }, URL);
  for (const [step, today] of [
    ['late_7', '2026-03-22'],
    ['late_30', '2026-04-14'],
    ['admin_overdue', '2026-03-16'],
    ['admin_default', '2026-05-14'],
    ['investors_30', '2026-04-14'],
  ] as const) {
    mails[`report:${step}`] = reportEscalationEmail(person, step, campaign, { ...due, today }, URL);
  }

  const complainant = {
    to: 'a@example.com',
    userId: null,
    language: lang,
    name: EVIL,
    reference: 'C-2026-ABCDEFGH',
  };
  mails.complaintReceived = complaintReceivedEmail(
    complainant,
    new Date('2026-03-02T10:00:00Z'),
    `${URL}/complaints/status/C-2026-ABCDEFGH#t`,
  );
  mails.complaintAnswered = complaintAnsweredEmail(complainant, EVIL);

  const notice = { username: EVIL, undoUrl: `${URL}/account/undo/t`, validHours: 72 };
  for (const [kind, detail] of [
    ['email', EVIL],
    ['password', undefined],
    ['social_link', 'google'],
    ['social_unlink', EVIL],
    ['withdrawal_iban', EVIL],
    ['second_factor', 'totp_enabled'],
    ['second_factor', 'passkey_removed'],
  ] as const) {
    mails[`change:${kind}:${detail}`] = sensitiveChangeEmail(lang, 'a@example.com', 'u1', {
      ...notice,
      kind,
      detail,
    });
  }
  return mails;
}

describe('every email', () => {
  for (const lang of LANGUAGES) {
    it(`renders fully in ${lang}: subject, plain-text part and HTML, no placeholder left`, () => {
      for (const [name, mail] of Object.entries(everyEmail(lang))) {
        for (const part of [mail.subject, mail.text, mail.html]) {
          expect(part.trim(), name).not.toBe('');
          expect(part, name).not.toMatch(/\{\{|\{\w+\}/);
        }
        expect(mail.text, name).toMatch(/— IndieSplit$/);
        expect(mail.text, name).not.toContain('&#');
        expect(mail.html, name).toMatch(/^<!doctype html><html lang="\w+">/);
        expect(mail.html, name).toContain('name="viewport"');
      }
    });

    it(`escapes what people type in the HTML in ${lang}, and keeps it as typed in the text`, () => {
      const mails = everyEmail(lang);
      for (const [name, mail] of Object.entries(mails)) {
        expect(mail.html, name).not.toContain('<script>');
      }
      for (const name of [
        'verification',
        'withdrawalRejected',
        'pitchApproved',
        'investmentPosted',
        'change:email:<script>alert(1)</script>',
      ]) {
        expect(mails[name]!.html, name).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
        expect(mails[name]!.text, name).toContain(EVIL);
      }
    });
  }

  it('asks the studio for a short update to its backers with each month’s report', () => {
    expect(everyEmail('en').reportDueToday!.text).toContain(
      'tell your backers how the month went in a short update',
    );
    expect(everyEmail('it').reportDueToday!.text).toContain(
      'racconta ai tuoi sostenitori com’è andato il mese',
    );
  });

  it('speaks the reader’s language', () => {
    const en = everyEmail('en');
    const it = everyEmail('it');
    for (const name of Object.keys(en)) expect(it[name]!.subject, name).not.toBe(en[name]!.subject);
    expect(en.reset!.subject).toBe('Reset your password');
    expect(it.reset!.subject).toBe('Reimposta la tua password');
  });
});
