import type { Language } from '@indiesplit/shared/messages';
import type { Db } from '../../db/client.ts';
import { renderEmail } from '../../platform/email/render.ts';
import { asLanguage } from '../../platform/i18n.ts';
import { enqueueMail, type MailMessage } from '../../platform/mailer.ts';
import { notifyMember } from '../notifications/service.ts';
import * as repo from './repo.ts';

// The community's emails, each sent by one named function through the email module and the
// outbox, in the caller's transaction. The answer to a question is a notification (ADR 0037): in
// the app at once, and its email (with the answer) by the asker's preference.

interface Target {
  to: string;
  userId: string;
  language: Language;
  name: string;
}

const threadUrl = (publicUrl: string, slug: string | null, postId: string) =>
  `${publicUrl}/campaigns/${encodeURIComponent(slug ?? '')}#post-${postId}`;

export function questionAnsweredEmail(
  t: Target,
  campaign: { title: string; url: string },
  answer: string,
): MailMessage {
  return {
    to: t.to,
    userId: t.userId,
    ...renderEmail(t.language, {
      subject: 'community.answered.subject',
      paragraphs: ['layout.hi', 'community.answered.body', { verbatim: answer }, 'community.answered.more'],
      action: { label: 'community.viewThread', url: campaign.url },
      values: { name: t.name, title: campaign.title },
    }),
  };
}

export function unansweredQuestionEmail(
  t: Target,
  campaign: { title: string; url: string },
  question: string,
  hours: number,
): MailMessage {
  return {
    to: t.to,
    userId: t.userId,
    ...renderEmail(t.language, {
      subject: 'community.unanswered.subject',
      paragraphs: [
        'layout.hi',
        'community.unanswered.body',
        { verbatim: question },
        'community.unanswered.more',
      ],
      action: { label: 'community.viewThread', url: campaign.url },
      values: { name: t.name, title: campaign.title, hours },
    }),
  };
}

/**
 * Tells the asker the studio answered their question: a `question_answered` notification, and the
 * email with the answer when they take the type at once (in the digest's one line on 'daily', none
 * on 'off'). Nothing for an erased account. True when an email was queued.
 */
export async function notifyQuestionAnswered(
  db: Db,
  publicUrl: string,
  question: { id: string; authorId: string | null },
  campaign: { id: string; slug: string | null; title: string },
  answer: string,
): Promise<boolean> {
  if (!question.authorId) return false;
  const to = await repo.recipientOf(db, question.authorId);
  if (!to) return false;
  const delivery = await notifyMember(db, publicUrl, {
    type: 'question_answered',
    userId: question.authorId,
    campaign: { id: campaign.id, title: campaign.title, slug: campaign.slug ?? campaign.id },
    subjectId: question.id,
    // The post only; the answer itself is on the page (and in the asker's own email).
    data: { post_id: question.id },
    mail: questionAnsweredEmail(
      { to: to.email, userId: question.authorId, language: asLanguage(to.language), name: to.username },
      { title: campaign.title, url: threadUrl(publicUrl, campaign.slug, question.id) },
      answer,
    ),
  });
  return delivery === 'queued';
}

/** Reminds the studio of a question of its live offer left unanswered (by email). */
export async function notifyStudioOfUnansweredQuestion(
  db: Db,
  publicUrl: string,
  question: { id: string; body: string },
  campaign: { slug: string | null; title: string; developerId: string | null },
  hours: number,
): Promise<boolean> {
  if (!campaign.developerId) return false;
  const to = await repo.recipientOf(db, campaign.developerId);
  if (!to) return false;
  await enqueueMail(
    db,
    unansweredQuestionEmail(
      { to: to.email, userId: campaign.developerId, language: asLanguage(to.language), name: to.username },
      { title: campaign.title, url: threadUrl(publicUrl, campaign.slug, question.id) },
      question.body,
      hours,
    ),
  );
  return true;
}
