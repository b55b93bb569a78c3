import { describe, expect, it, vi } from 'vitest';
import { JobRunner } from './jobs.ts';

// The job runner's timing, failures and stop, without a database (the leases are exercised by the
// settlement and revenue tests).

const quietLog = { error: vi.fn() };

describe('the job runner', () => {
  it('runs every registered job on its interval until stopped, and no tick starts after stop', async () => {
    const runner = new JobRunner(quietLog);
    const ticks: string[] = [];
    runner.register({ name: 'revenue', intervalSeconds: 0.01, tick: async () => void ticks.push('revenue') });
    runner.register({
      name: 'settlement',
      intervalSeconds: 0.01,
      tick: async () => void ticks.push('settlement'),
    });
    runner.start();
    await vi.waitFor(() => {
      expect(ticks.filter((t) => t === 'revenue').length).toBeGreaterThanOrEqual(2);
      expect(ticks.filter((t) => t === 'settlement').length).toBeGreaterThanOrEqual(2);
    });
    await runner.stop();
    const after = ticks.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ticks.length).toBe(after);
  });

  it('counts and logs a failed tick under its job name and runs the job again', async () => {
    const failures: string[] = [];
    const log = { error: vi.fn() };
    const runner = new JobRunner(log, (job) => failures.push(job));
    let calls = 0;
    runner.register({
      name: 'revenue',
      intervalSeconds: 0.01,
      tick: async () => {
        calls++;
        throw new Error('boom');
      },
    });
    runner.start();
    await vi.waitFor(() => expect(calls).toBeGreaterThanOrEqual(2));
    await runner.stop();
    expect(failures.length).toBeGreaterThanOrEqual(2);
    expect(new Set(failures)).toEqual(new Set(['revenue']));
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ job: 'revenue' }),
      'revenue round failed',
    );
  });

  it('aborts a running tick on stop and waits for it to end', async () => {
    const runner = new JobRunner(quietLog);
    let started = false;
    let ended = false;
    runner.register({
      name: 'settlement',
      intervalSeconds: 0.01,
      tick: async (_now, signal) => {
        started = true;
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
        ended = true;
      },
    });
    runner.start();
    await vi.waitFor(() => expect(started).toBe(true));
    await runner.stop();
    expect(ended).toBe(true);
  });

  it('runs each job once, in the order registered, with runAll', async () => {
    const runner = new JobRunner(quietLog);
    const order: string[] = [];
    runner.register({ name: 'revenue', intervalSeconds: 5, tick: async () => order.push('revenue') });
    runner.register({ name: 'settlement', intervalSeconds: 5, tick: async () => order.push('settlement') });
    const results = await runner.runAll(new Date());
    expect(order).toEqual(['revenue', 'settlement']);
    expect(Object.keys(results)).toEqual(['revenue', 'settlement']);
    expect(() => runner.register({ name: 'revenue', intervalSeconds: 5, tick: async () => {} })).toThrow(
      /registered twice/,
    );
  });
});
