import type { Language } from '@indiesplit/shared/messages';
import { render } from '../auth/emails.ts';
import type { SensitiveChangeKind } from './changes.ts';

// The notice of a sensitive change, sent to the address the account had before it, with the link
// that undoes it. Subjects of the email and password notices are the ones members already know.

export interface ChangeNotice {
  kind: SensitiveChangeKind;
  username: string;
  /** email: the new address; social_link/social_unlink: the provider; withdrawal_iban: the masked IBAN. */
  detail?: string | undefined;
  undoUrl: string;
  validHours: number;
}

const PROVIDERS: Record<string, string> = { google: 'Google', discord: 'Discord' };

function what(lang: Language, n: ChangeNotice): { subject: string; line: string; undoes: string } {
  const provider = PROVIDERS[n.detail ?? ''] ?? n.detail ?? '';
  if (lang === 'it') {
    switch (n.kind) {
      case 'email':
        return {
          subject: 'Il tuo indirizzo email è stato modificato',
          line: `l’indirizzo email del tuo account IndieSplit è stato cambiato in ${n.detail ?? ''}.`,
          undoes: 'ripristina questo indirizzo',
        };
      case 'password':
        return {
          subject: 'La tua password è stata modificata',
          line: 'la password del tuo account IndieSplit è stata appena modificata.',
          undoes: 'blocca la nuova password e ti invia un link per sceglierne un’altra',
        };
      case 'social_link':
        return {
          subject: `Un account ${provider} è stato collegato al tuo`,
          line: `un account ${provider} è stato collegato al tuo account IndieSplit e ora può accedervi.`,
          undoes: 'scollega questo account',
        };
      case 'social_unlink':
        return {
          subject: `L’account ${provider} è stato scollegato`,
          line: `l’account ${provider} è stato scollegato dal tuo account IndieSplit.`,
          undoes: 'lascia l’account scollegato (puoi ricollegarlo dalle impostazioni)',
        };
      case 'withdrawal_iban':
        return {
          subject: 'Prelievo verso un nuovo IBAN',
          line: `è stato chiesto un prelievo verso un IBAN mai usato prima (${n.detail ?? ''}).`,
          undoes: 'annulla i prelievi in attesa verso questo IBAN',
        };
      case 'second_factor':
        return {
          subject: 'La verifica in due passaggi è stata modificata',
          line: 'le impostazioni della verifica in due passaggi del tuo account IndieSplit sono state modificate.',
          undoes: 'disattiva la verifica in due passaggi così com’è ora',
        };
    }
  }
  switch (n.kind) {
    case 'email':
      return {
        subject: 'Your email address was changed',
        line: `the email address of your IndieSplit account was changed to ${n.detail ?? ''}.`,
        undoes: 'restores this address',
      };
    case 'password':
      return {
        subject: 'Your password was changed',
        line: 'the password of your IndieSplit account was just changed.',
        undoes: 'locks the new password and sends you a link to choose another one',
      };
    case 'social_link':
      return {
        subject: `A ${provider} account was linked to yours`,
        line: `a ${provider} account was linked to your IndieSplit account and can now sign in to it.`,
        undoes: 'unlinks it',
      };
    case 'social_unlink':
      return {
        subject: `The ${provider} account was unlinked`,
        line: `the ${provider} account was unlinked from your IndieSplit account.`,
        undoes: 'leaves the provider unlinked (you can link it again in Settings)',
      };
    case 'withdrawal_iban':
      return {
        subject: 'A withdrawal to a new IBAN',
        line: `a withdrawal to an IBAN never used before (${n.detail ?? ''}) was requested.`,
        undoes: 'cancels the pending withdrawals to this IBAN',
      };
    case 'second_factor':
      return {
        subject: 'Your two-step verification was changed',
        line: 'the two-step verification settings of your IndieSplit account were changed.',
        undoes: 'turns two-step verification off as it is now',
      };
  }
}

export function sensitiveChangeEmail(lang: Language, to: string, userId: string, notice: ChangeNotice) {
  const w = what(lang, notice);
  return lang === 'it'
    ? render(
        to,
        userId,
        w.subject,
        [
          `Ciao ${notice.username},`,
          w.line,
          'Se sei stato tu, non devi fare nulla.',
          `Se non sei stato tu, annulla la modifica entro ${notice.validHours} ore con il link qui sotto: ${w.undoes} e chiude ogni sessione aperta dell’account. Il link funziona una sola volta.`,
        ],
        { label: 'Annulla la modifica', url: notice.undoUrl },
      )
    : render(
        to,
        userId,
        w.subject,
        [
          `Hi ${notice.username},`,
          w.line,
          'If this was you, there is nothing to do.',
          `If it was not, undo the change within ${notice.validHours} hours with the link below: it ${w.undoes} and signs out every session of the account. The link works once.`,
        ],
        { label: 'Undo this change', url: notice.undoUrl },
      );
}
