// Money and dates of investing as people read them: amounts always show the cents; demo euros are
// labelled by the caller.

export { formatDateTime, formatEuroCents as formatEuro } from '../../lib/format.ts';
