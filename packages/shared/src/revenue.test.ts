import { describe, expect, it } from 'vitest';
import { lastReportDueOn, mayComplete, termEndsOn } from './revenue.ts';

describe('the end of a term', () => {
  it('ends the day before the launch day, 36 months on, and the last report is due 15 days after that month', () => {
    expect(termEndsOn('2027-03-15', 36)).toBe('2030-03-14');
    expect(lastReportDueOn('2027-03-15', 36)).toBe('2030-04-15');
    expect(termEndsOn('2026-01-31', 1)).toBe('2026-02-27');
    expect(lastReportDueOn('2026-01-31', 1)).toBe('2026-03-15');
    // A term ending on the 1st still has its last month's report due after that month.
    expect(termEndsOn('2026-02-02', 36)).toBe('2029-02-01');
    expect(lastReportDueOn('2026-02-02', 36)).toBe('2029-03-15');
  });

  it('may be completed only once the last report is past due', () => {
    expect(mayComplete('2027-03-15', 36, '2030-03-15')).toBe(false);
    expect(mayComplete('2027-03-15', 36, '2030-04-15')).toBe(false);
    expect(mayComplete('2027-03-15', 36, '2030-04-16')).toBe(true);
  });
});
