// Dates of the funds screens as people read them (amounts: formatMoney in packages/shared).

export { formatDateTime, formatDay } from '../../lib/format.ts';
