import type { Language } from '@indiesplit/shared/messages';
import type { MailMessage } from '../../platform/mailer.ts';

// Pitch emails in the recipient's language: to the developer (received, each decision) and to the
// reviewers (assigned, resubmitted). Plain text is the source; the HTML is the same words with the
// link as a button, every interpolated value escaped (project names and messages are user input).

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function render(
  to: string,
  userId: string | null,
  subject: string,
  paragraphs: string[],
  action: { label: string; url: string },
): MailMessage {
  const text = [...paragraphs, `${action.label}: ${action.url}`, '— IndieSplit'].join('\n\n');
  const body = paragraphs.map((p) => `<p style="white-space:pre-line">${escapeHtml(p)}</p>`).join('');
  const button = `<p><a href="${escapeHtml(action.url)}" style="background:#7c3aed;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#555">${escapeHtml(action.url)}</p>`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">${body}${button}<p>— IndieSplit</p></body></html>`;
  return { to, userId, subject, text, html };
}

export interface PitchMailTarget {
  to: string;
  userId: string | null;
  language: Language;
  /** The developer's name as given in the pitch. */
  name: string;
  projectName: string;
}

const myPitches = (publicUrl: string) => `${publicUrl}/my-pitches`;

export function pitchReceivedEmail(t: PitchMailTarget, publicUrl: string): MailMessage {
  return t.language === 'it'
    ? render(
        t.to,
        t.userId,
        `Abbiamo ricevuto il pitch di «${t.projectName}»`,
        [
          `Ciao ${t.name},`,
          `grazie per averci presentato «${t.projectName}». Il nostro team e i consulenti esterni lo valuteranno e ti scriveremo appena avremo una risposta.`,
          'Puoi seguirne lo stato dal tuo account IndieSplit, se lo hai inviato con questo indirizzo email verificato.',
        ],
        { label: 'I miei pitch', url: myPitches(publicUrl) },
      )
    : render(
        t.to,
        t.userId,
        `We received the pitch for “${t.projectName}”`,
        [
          `Hi ${t.name},`,
          `thank you for pitching “${t.projectName}” to us. Our team and outside consultants will review it, and we will write to you as soon as we have an answer.`,
          'You can follow its status from your IndieSplit account, if you sent it from this verified email address.',
        ],
        { label: 'My pitches', url: myPitches(publicUrl) },
      );
}

/**
 * The receipt for an address nobody has proven: anyone can type any address into the anonymous
 * form, so this mail carries none of the sender's words (no name, no project name), only our own
 * fixed text. It cannot be turned into a message to a stranger.
 */
export function pitchReceivedNoticeEmail(to: string, language: Language, publicUrl: string): MailMessage {
  return language === 'it'
    ? render(
        to,
        null,
        'Abbiamo ricevuto un pitch inviato con questo indirizzo',
        [
          'Ciao,',
          'qualcuno ci ha presentato un videogioco indicando questo indirizzo email. Se sei stato tu, grazie: il nostro team e i consulenti esterni lo valuteranno e ti scriveremo appena avremo una risposta.',
          'Se non sei stato tu, puoi ignorare questo messaggio.',
        ],
        { label: 'I miei pitch', url: myPitches(publicUrl) },
      )
    : render(
        to,
        null,
        'We received a pitch sent with this address',
        [
          'Hello,',
          'someone pitched a game to us giving this email address. If it was you, thank you: our team and outside consultants will review it, and we will write to you as soon as we have an answer.',
          'If it was not you, you can ignore this message.',
        ],
        { label: 'My pitches', url: myPitches(publicUrl) },
      );
}

export function changesRequestedEmail(t: PitchMailTarget, message: string, publicUrl: string): MailMessage {
  return t.language === 'it'
    ? render(
        t.to,
        t.userId,
        `«${t.projectName}»: i revisori ti chiedono delle modifiche`,
        [
          `Ciao ${t.name},`,
          `abbiamo letto il pitch di «${t.projectName}» e ti chiediamo di modificarlo prima di decidere. Ecco il messaggio dei revisori:`,
          message,
          'Puoi aggiornare il pitch e rinviarlo dalla pagina dei tuoi pitch.',
        ],
        { label: 'Modifica il pitch', url: myPitches(publicUrl) },
      )
    : render(
        t.to,
        t.userId,
        `“${t.projectName}”: the reviewers ask for changes`,
        [
          `Hi ${t.name},`,
          `we have read the pitch for “${t.projectName}” and ask you to change it before we decide. Here is the reviewers’ message:`,
          message,
          'You can update the pitch and send it again from your pitches page.',
        ],
        { label: 'Update the pitch', url: myPitches(publicUrl) },
      );
}

export function rejectedEmail(t: PitchMailTarget, message: string, publicUrl: string): MailMessage {
  return t.language === 'it'
    ? render(
        t.to,
        t.userId,
        `«${t.projectName}»: la nostra decisione`,
        [
          `Ciao ${t.name},`,
          `grazie per averci presentato «${t.projectName}». Dopo averlo valutato, abbiamo deciso di non portarlo avanti. Ecco il messaggio dei revisori:`,
          message,
          'Ti auguriamo il meglio per il tuo gioco.',
        ],
        { label: 'I miei pitch', url: myPitches(publicUrl) },
      )
    : render(
        t.to,
        t.userId,
        `“${t.projectName}”: our decision`,
        [
          `Hi ${t.name},`,
          `thank you for pitching “${t.projectName}”. After reviewing it, we have decided not to take it further. Here is the reviewers’ message:`,
          message,
          'We wish you the best with your game.',
        ],
        { label: 'My pitches', url: myPitches(publicUrl) },
      );
}

export function approvedEmail(t: PitchMailTarget, message: string, publicUrl: string): MailMessage {
  const note = message ? [message] : [];
  return t.language === 'it'
    ? render(
        t.to,
        t.userId,
        `«${t.projectName}» è stato approvato!`,
        [
          `Ciao ${t.name},`,
          `ottime notizie: il pitch di «${t.projectName}» è stato approvato. Il nostro team ti contatterà per preparare insieme la campagna.`,
          ...note,
        ],
        { label: 'I miei pitch', url: myPitches(publicUrl) },
      )
    : render(
        t.to,
        t.userId,
        `“${t.projectName}” is approved!`,
        [
          `Hi ${t.name},`,
          `great news: the pitch for “${t.projectName}” is approved. Our team will get in touch to prepare the campaign with you.`,
          ...note,
        ],
        { label: 'My pitches', url: myPitches(publicUrl) },
      );
}

export interface StaffMailTarget {
  to: string;
  userId: string;
  language: Language;
  username: string;
  projectName: string;
  pitchId: string;
}

const backoffice = (publicUrl: string, pitchId: string) => `${publicUrl}/backoffice/pitches/${pitchId}`;

export function assignedEmail(t: StaffMailTarget, publicUrl: string): MailMessage {
  return t.language === 'it'
    ? render(
        t.to,
        t.userId,
        `Nuovo pitch da valutare: «${t.projectName}»`,
        [`Ciao ${t.username},`, `ti è stato assegnato il pitch di «${t.projectName}» da valutare.`],
        { label: 'Apri il pitch', url: backoffice(publicUrl, t.pitchId) },
      )
    : render(
        t.to,
        t.userId,
        `New pitch to review: “${t.projectName}”`,
        [`Hi ${t.username},`, `you have been asked to review the pitch for “${t.projectName}”.`],
        { label: 'Open the pitch', url: backoffice(publicUrl, t.pitchId) },
      );
}

export function resubmittedEmail(t: StaffMailTarget, revision: number, publicUrl: string): MailMessage {
  return t.language === 'it'
    ? render(
        t.to,
        t.userId,
        `«${t.projectName}» è stato modificato e rinviato`,
        [
          `Ciao ${t.username},`,
          `lo sviluppatore ha modificato il pitch di «${t.projectName}» come richiesto (versione ${revision}). Serve una nuova valutazione.`,
        ],
        { label: 'Apri il pitch', url: backoffice(publicUrl, t.pitchId) },
      )
    : render(
        t.to,
        t.userId,
        `“${t.projectName}” was changed and sent again`,
        [
          `Hi ${t.username},`,
          `the developer changed the pitch for “${t.projectName}” as asked (version ${revision}). It needs a new review.`,
        ],
        { label: 'Open the pitch', url: backoffice(publicUrl, t.pitchId) },
      );
}
