import { describe, expect, it } from 'vitest';
import {
  lastReportDueOn,
  mayComplete,
  monthHealth,
  monthsLeft,
  reportingHealth,
  termEndsOn,
  termMonths,
} from './revenue.ts';

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

describe('months left', () => {
  it('counts 36 on launch day and 1 in the last month, mid-month and on month boundaries', () => {
    // Launched 2027-03-15: the term ends 2030-03-14.
    expect(monthsLeft('2027-03-15', '2030-03-14')).toBe(36);
    expect(monthsLeft('2027-04-14', '2030-03-14')).toBe(36);
    expect(monthsLeft('2027-04-15', '2030-03-14')).toBe(35);
    expect(monthsLeft('2030-02-14', '2030-03-14')).toBe(2);
    expect(monthsLeft('2030-02-15', '2030-03-14')).toBe(1);
    expect(monthsLeft('2030-03-14', '2030-03-14')).toBe(1);
    expect(monthsLeft('2030-03-15', '2030-03-14')).toBe(0);
    // Launched on the 1st: the term ends on a month's last day.
    expect(monthsLeft('2026-01-01', '2028-12-31')).toBe(36);
    expect(monthsLeft('2026-01-31', '2028-12-31')).toBe(36);
    expect(monthsLeft('2026-02-01', '2028-12-31')).toBe(35);
    expect(monthsLeft('2028-12-01', '2028-12-31')).toBe(1);
  });
});

describe('report health (ADR 0032)', () => {
  it('names a month by the day: upcoming, due, overdue, default; filed on time or cured', () => {
    // January 2026 is due on 15 February; in default from 16 April.
    expect(monthHealth('2026-01-31', null, '2026-01-31')).toBe('upcoming');
    expect(monthHealth('2026-01-31', null, '2026-02-01')).toBe('due');
    expect(monthHealth('2026-01-31', null, '2026-02-15')).toBe('due');
    expect(monthHealth('2026-01-31', null, '2026-02-16')).toBe('overdue');
    expect(monthHealth('2026-01-31', null, '2026-04-15')).toBe('overdue');
    expect(monthHealth('2026-01-31', null, '2026-04-16')).toBe('default');
    expect(monthHealth('2026-01-31', '2026-02-15', '2026-05-01')).toBe('filed');
    expect(monthHealth('2026-01-31', '2026-02-16', '2026-05-01')).toBe('cured');
  });

  it('rates a campaign by its worst open month, then by whether any was late', () => {
    expect(reportingHealth([])).toBe('none_due');
    expect(reportingHealth(['due', 'upcoming'])).toBe('none_due');
    expect(reportingHealth(['filed', 'due'])).toBe('on_time');
    expect(reportingHealth(['filed', 'cured'])).toBe('cured');
    expect(reportingHealth(['cured', 'overdue'])).toBe('overdue');
    expect(reportingHealth(['overdue', 'default', 'filed'])).toBe('default');
  });

  it('lists the months of the term up to a day', () => {
    expect(termMonths('2026-01-15', 36, '2026-03-02')).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    const all = termMonths('2023-01-15', 36, '2030-01-01');
    expect(all).toHaveLength(37);
    expect(all.at(-1)).toBe('2026-01-01');
  });
});
