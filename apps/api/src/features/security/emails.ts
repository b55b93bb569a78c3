import type { Language } from '@indiesplit/shared/messages';
import { render } from '../../platform/email-layout.ts';
import type { SecondFactorChange, SensitiveChangeKind } from './changes.ts';

// The notice of a sensitive change, sent to the address the account had before it, with the link
// that undoes it. Subjects of the email and password notices are the ones members already know.

export interface ChangeNotice {
  kind: SensitiveChangeKind;
  username: string;
  /**
   * email: the new address; social_link/social_unlink: the provider; withdrawal_iban: the masked
   * IBAN; second_factor: what changed.
   */
  detail?: string | undefined;
  undoUrl: string;
  validHours: number;
}

const PROVIDERS: Record<string, string> = { google: 'Google', discord: 'Discord' };

const FACTOR_CHANGES: Record<SecondFactorChange, Record<Language, string>> = {
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

/** A second factor added (an attacker's own, perhaps): undoing it turns the second factors off. */
export function addsSecondFactor(change: SecondFactorChange): boolean {
  return change === 'totp_enabled' || change === 'passkey_added' || change === 'recovery_codes_renewed';
}

function factorChange(detail: string | undefined): SecondFactorChange {
  return detail && detail in FACTOR_CHANGES ? (detail as SecondFactorChange) : 'totp_enabled';
}

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
      case 'second_factor': {
        const change = factorChange(n.detail);
        return {
          subject: 'Sicurezza del tuo account: secondo fattore modificato',
          line: `sul tuo account IndieSplit ${FACTOR_CHANGES[change].it}.`,
          undoes: addsSecondFactor(change)
            ? 'disattiva l’autenticazione a due fattori (potrai riattivarla dalle impostazioni)'
            : 'lascia i secondi fattori come sono ora',
        };
      }
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
    case 'second_factor': {
      const change = factorChange(n.detail);
      return {
        subject: 'Account security: second factor changed',
        line: `on your IndieSplit account ${FACTOR_CHANGES[change].en}.`,
        undoes: addsSecondFactor(change)
          ? 'turns two-factor authentication off (you can set it up again in Settings)'
          : 'leaves the second factors as they are now',
      };
    }
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
