// Amounts and dates of the funds screens as people read them: amounts always show the cents.

export { formatDateTime, formatDay, formatEuroCents as formatCents } from '../../lib/format.ts';
