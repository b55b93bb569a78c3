import type { Language } from '@indiesplit/shared/messages';
import type { Db } from '../../db/client.ts';
import { enqueueMail, type MailMessage } from '../../platform/mailer.ts';

// The notice an account gets whenever its second factors change, in its own language.

export type FactorChange =
  | 'totp_enabled'
  | 'totp_disabled'
  | 'passkey_added'
  | 'passkey_removed'
  | 'recovery_codes_renewed';

const WHAT: Record<FactorChange, Record<Language, string>> = {
  totp_enabled: {
    en: 'two-factor authentication with an authenticator app was turned on',
    it: 'è stata attivata l’autenticazione a due fattori con un’app di autenticazione',
  },
  totp_disabled: {
    en: 'two-factor authentication with an authenticator app was turned off',
    it: 'è stata disattivata l’autenticazione a due fattori con un’app di autenticazione',
  },
  passkey_added: { en: 'a new passkey was added', it: 'è stata aggiunta una nuova passkey' },
  passkey_removed: { en: 'a passkey was removed', it: 'è stata rimossa una passkey' },
  recovery_codes_renewed: {
    en: 'new recovery codes were created (the old ones no longer work)',
    it: 'sono stati creati nuovi codici di recupero (quelli vecchi non funzionano più)',
  },
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function factorChangedEmail(
  lang: Language,
  to: string,
  userId: string,
  username: string,
  change: FactorChange,
  settingsUrl: string,
): MailMessage {
  const what = WHAT[change][lang];
  const paragraphs =
    lang === 'it'
      ? [
          `Ciao ${username},`,
          `sul tuo account IndieSplit ${what}.`,
          'Se sei stato tu, non devi fare nulla. Se non sei stato tu, cambia subito la password e controlla Impostazioni → Sicurezza.',
        ]
      : [
          `Hi ${username},`,
          `on your IndieSplit account ${what}.`,
          'If this was you, there is nothing to do. If it was not, change your password at once and check Settings → Security.',
        ];
  const label = lang === 'it' ? 'Apri le impostazioni di sicurezza' : 'Open security settings';
  const subject =
    lang === 'it'
      ? 'Sicurezza del tuo account: secondo fattore modificato'
      : 'Account security: second factor changed';
  const text = [...paragraphs, `${label}: ${settingsUrl}`, '— IndieSplit'].join('\n\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">${paragraphs
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join(
      '',
    )}<p><a href="${escapeHtml(settingsUrl)}">${escapeHtml(label)}</a></p><p>— IndieSplit</p></body></html>`;
  return { to, userId, subject, text, html };
}

/**
 * The one place a second-factor change tells the account holder. Kept as a single call so it can
 * be routed through the platform's sensitive-change notice (with its undo link) in one line.
 */
export async function noticeFactorChange(
  tx: Db,
  publicUrl: string,
  user: { id: string; email: string; username: string; language: string },
  change: FactorChange,
): Promise<void> {
  const lang: Language = user.language === 'it' ? 'it' : 'en';
  await enqueueMail(
    tx,
    factorChangedEmail(lang, user.email, user.id, user.username, change, `${publicUrl}/settings#security`),
  );
}
