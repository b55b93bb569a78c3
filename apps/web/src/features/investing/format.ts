// Dates of investing as people read them (amounts: formatMoney in packages/shared).

export { formatDateTime } from '../../lib/format.ts';
