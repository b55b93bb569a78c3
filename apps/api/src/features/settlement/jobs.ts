// The settlement round's lease in the `jobs` table (ADR 0012), held through platform/jobs.ts
// (ADR 0023), which also keeps the logbook of each campaign's steps (attempts, outcome, last error).

export const LEASE_KEY = 'settlement:worker';
