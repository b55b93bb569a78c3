import { RESET_TOKEN_TTL_MINUTES, VERIFICATION_TOKEN_TTL_HOURS } from '@indiesplit/shared/constants';
import type { Language } from '@indiesplit/shared/messages';
import { render } from '../../platform/email-layout.ts';

// Account emails in the recipient's language, in the layout of platform/email-layout.ts.

export function verificationEmail(lang: Language, to: string, userId: string, username: string, url: string) {
  return lang === 'it'
    ? render(
        to,
        userId,
        'Conferma il tuo indirizzo email',
        [
          `Ciao ${username},`,
          'conferma il tuo indirizzo email per usare tutte le funzioni di IndieSplit.',
          `Il link è valido per ${VERIFICATION_TOKEN_TTL_HOURS} ore. Se non hai creato tu l’account, ignora questa email.`,
        ],
        { label: 'Conferma email', url },
      )
    : render(
        to,
        userId,
        'Confirm your email address',
        [
          `Hi ${username},`,
          'please confirm your email address to use every IndieSplit feature.',
          `The link is valid for ${VERIFICATION_TOKEN_TTL_HOURS} hours. If you did not create this account, ignore this email.`,
        ],
        { label: 'Confirm email', url },
      );
}

export function resetEmail(lang: Language, to: string, userId: string, username: string, url: string) {
  return lang === 'it'
    ? render(
        to,
        userId,
        'Reimposta la tua password',
        [
          `Ciao ${username},`,
          'abbiamo ricevuto una richiesta di reimpostazione della password del tuo account.',
          `Il link è valido per ${RESET_TOKEN_TTL_MINUTES} minuti e si può usare una sola volta. Se non l’hai richiesto tu, ignora questa email: la password resta invariata.`,
        ],
        { label: 'Reimposta password', url },
      )
    : render(
        to,
        userId,
        'Reset your password',
        [
          `Hi ${username},`,
          'we received a request to reset the password of your account.',
          `The link is valid for ${RESET_TOKEN_TTL_MINUTES} minutes and works once. If you did not ask for it, ignore this email: your password stays as it is.`,
        ],
        { label: 'Reset password', url },
      );
}
