import type { Language } from '@indiesplit/shared/messages';
import { type EmailSpec, renderEmail } from '../../platform/email/render.ts';
import type { MailMessage } from '../../platform/mailer.ts';

// Pitch emails in the recipient's language: to the developer (received, each decision) and to the
// reviewers (assigned, resubmitted). Words in the email catalogue (pitches.*); project names and
// the reviewers' messages are user input, values escaped in the HTML.

export interface PitchMailTarget {
  to: string;
  userId: string | null;
  language: Language;
  /** The developer's name as given in the pitch. */
  name: string;
  projectName: string;
}

const myPitches = (publicUrl: string) => `${publicUrl}/my-pitches`;

function toDeveloper(t: PitchMailTarget, spec: EmailSpec): MailMessage {
  return {
    to: t.to,
    userId: t.userId,
    ...renderEmail(t.language, { ...spec, values: { name: t.name, project: t.projectName, ...spec.values } }),
  };
}

export function pitchReceivedEmail(t: PitchMailTarget, publicUrl: string): MailMessage {
  return toDeveloper(t, {
    subject: 'pitches.received.subject',
    paragraphs: ['layout.hi', 'pitches.received.body', 'pitches.received.follow'],
    action: { label: 'pitches.myPitches', url: myPitches(publicUrl) },
  });
}

/**
 * The receipt for an address nobody has proven: anyone can type any address into the anonymous
 * form, so this mail carries none of the sender's words (no name, no project name), only our own
 * fixed text. It cannot be turned into a message to a stranger.
 */
export function pitchReceivedNoticeEmail(to: string, language: Language, publicUrl: string): MailMessage {
  return {
    to,
    userId: null,
    ...renderEmail(language, {
      subject: 'pitches.receivedNotice.subject',
      paragraphs: ['layout.hello', 'pitches.receivedNotice.body', 'pitches.receivedNotice.ignore'],
      action: { label: 'pitches.myPitches', url: myPitches(publicUrl) },
    }),
  };
}

export function changesRequestedEmail(t: PitchMailTarget, message: string, publicUrl: string): MailMessage {
  return toDeveloper(t, {
    subject: 'pitches.changesRequested.subject',
    paragraphs: [
      'layout.hi',
      'pitches.changesRequested.body',
      { verbatim: message },
      'pitches.changesRequested.update',
    ],
    action: { label: 'pitches.changesRequested.action', url: myPitches(publicUrl) },
  });
}

export function rejectedEmail(t: PitchMailTarget, message: string, publicUrl: string): MailMessage {
  return toDeveloper(t, {
    subject: 'pitches.rejected.subject',
    paragraphs: ['layout.hi', 'pitches.rejected.body', { verbatim: message }, 'pitches.rejected.wish'],
    action: { label: 'pitches.myPitches', url: myPitches(publicUrl) },
  });
}

export function approvedEmail(t: PitchMailTarget, message: string, publicUrl: string): MailMessage {
  return toDeveloper(t, {
    subject: 'pitches.approved.subject',
    paragraphs: ['layout.hi', 'pitches.approved.body', ...(message ? [{ verbatim: message }] : [])],
    action: { label: 'pitches.myPitches', url: myPitches(publicUrl) },
  });
}

export interface StaffMailTarget {
  to: string;
  userId: string;
  language: Language;
  username: string;
  projectName: string;
  pitchId: string;
}

function toReviewer(t: StaffMailTarget, publicUrl: string, spec: Omit<EmailSpec, 'action'>): MailMessage {
  return {
    to: t.to,
    userId: t.userId,
    ...renderEmail(t.language, {
      ...spec,
      action: { label: 'pitches.openPitch', url: `${publicUrl}/backoffice/pitches/${t.pitchId}` },
      values: { name: t.username, project: t.projectName, ...spec.values },
    }),
  };
}

export function assignedEmail(t: StaffMailTarget, publicUrl: string): MailMessage {
  return toReviewer(t, publicUrl, {
    subject: 'pitches.assigned.subject',
    paragraphs: ['layout.hi', 'pitches.assigned.body'],
  });
}

export function resubmittedEmail(t: StaffMailTarget, revision: number, publicUrl: string): MailMessage {
  return toReviewer(t, publicUrl, {
    subject: 'pitches.resubmitted.subject',
    paragraphs: ['layout.hi', 'pitches.resubmitted.body'],
    values: { revision },
  });
}
