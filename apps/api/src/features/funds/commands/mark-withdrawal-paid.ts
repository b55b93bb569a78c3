import { type BackofficeWithdrawalDto, maskIban } from '@indiesplit/shared/funds';
import type { AppContext } from '../../../platform/context.ts';
import { closeWithdrawal } from '../close-withdrawal.ts';
import { mailTarget } from '../common.ts';
import { withdrawalPaidEmail } from '../emails.ts';
import { withMember } from '../presenters/withdrawal.ts';

/** Records that the bank transfer to the member was made: the reservation is posted. */
export async function markWithdrawalPaid(
  ctx: AppContext,
  adminId: string,
  id: string,
  input: { bank_reference: string },
): Promise<BackofficeWithdrawalDto> {
  const bankReference = input.bank_reference.trim();
  const row = await closeWithdrawal(
    ctx,
    id,
    { status: 'paid', actorId: adminId },
    { bankReference },
    (member, w) =>
      withdrawalPaidEmail(
        mailTarget(member),
        { amountCents: w.amountCents, maskedIban: maskIban(w.iban), bankReference },
        ctx.config.publicUrl,
      ),
  );
  return withMember(ctx, row);
}
