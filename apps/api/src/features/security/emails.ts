import type { Language } from '@indiesplit/shared/messages';
import { renderEmail } from '../../platform/email/render.ts';
import { emailText } from '../../platform/i18n.ts';
import type { MailMessage } from '../../platform/mailer.ts';
import type { SecondFactorChange, SensitiveChangeKind } from './changes.ts';

// The notice of a sensitive change, sent to the address the account had before it, with the link
// that undoes it. Words in the email catalogue (security.*); subjects of the email and password
// notices are the ones members already know.

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

const FACTOR_CHANGES: readonly SecondFactorChange[] = [
  'totp_enabled',
  'totp_disabled',
  'passkey_added',
  'passkey_removed',
  'recovery_codes_renewed',
];

/** A second factor added (an attacker's own, perhaps): undoing it turns the second factors off. */
export function addsSecondFactor(change: SecondFactorChange): boolean {
  return change === 'totp_enabled' || change === 'passkey_added' || change === 'recovery_codes_renewed';
}

function factorChange(detail: string | undefined): SecondFactorChange {
  return FACTOR_CHANGES.find((c) => c === detail) ?? 'totp_enabled';
}

/** What the undo link does, in the reader's words. */
function undoes(lang: Language, n: ChangeNotice): string {
  if (n.kind !== 'second_factor') return emailText(lang, `security.${n.kind}.undoes`);
  return emailText(
    lang,
    addsSecondFactor(factorChange(n.detail))
      ? 'security.second_factor.undoesAdded'
      : 'security.second_factor.undoesRemoved',
  );
}

export function sensitiveChangeEmail(
  lang: Language,
  to: string,
  userId: string,
  notice: ChangeNotice,
): MailMessage {
  const values = {
    name: notice.username,
    detail: notice.detail ?? '',
    provider: PROVIDERS[notice.detail ?? ''] ?? notice.detail ?? '',
    change:
      notice.kind === 'second_factor'
        ? emailText(lang, `security.factor.${factorChange(notice.detail)}`)
        : '',
    undoes: undoes(lang, notice),
    hours: notice.validHours,
  };
  return {
    to,
    userId,
    ...renderEmail(lang, {
      subject: `security.${notice.kind}.subject`,
      paragraphs: [
        'layout.hi',
        `security.${notice.kind}.line`,
        'security.change.ifYou',
        'security.change.ifNot',
      ],
      action: { label: 'security.change.action', url: notice.undoUrl },
      values,
    }),
  };
}
