import { performance } from 'node:perf_hooks';
import { SandboxProvider } from '../src/platform/payments/sandbox/server.ts';
import { runPool } from './pool.ts';

// The provider's side of bench:webhooks, in a process of its own (as a real provider is another
// machine): the sandbox provider, and the callers that deliver its notices to the app. Started by
// webhooks.ts with IPC; the sandbox's credentials come in the environment. Messages:
//   { type: 'wires', wires: [{ iban, amount, payerName }] }  the sandbox receives the wires; answers
//       { type: 'wired', notices } (how many pay-in notices it has to deliver)
//   { type: 'deliver', url, duplicates, concurrency }  delivers the notices and `duplicates` of
//       them again, shuffled, to the app's hook URL; answers { type: 'delivered', seconds,
//       latencies, outcomes, count, cpuMs } (the CPU time this process spent delivering)
// It answers { type: 'ready', baseUrl, platformUserId } once the sandbox listens.

type Request =
  | { type: 'wires'; wires: Array<{ iban: string; amount: number; payerName: string }> }
  | { type: 'deliver'; url: string; duplicates: number; concurrency: number };

const send = (message: unknown) => process.send?.(message);

/** A deterministic shuffle (xorshift), so two runs deliver in the same order. */
export function shuffle<T>(items: T[], seed = 0x9e3779b9): T[] {
  let s = seed >>> 0;
  const rand = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x1_0000_0000;
  };
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

async function main() {
  const clientId = process.env.SANDBOX_CLIENT_ID;
  const apiKey = process.env.SANDBOX_API_KEY;
  if (!clientId || !apiKey || !process.send) throw new Error('started by webhooks.ts only');
  // The notices are collected, not sent: they are delivered below, shuffled and with duplicates,
  // as a provider retrying over a flaky network would.
  const notices: string[] = [];
  const sandbox = new SandboxProvider({
    clientId,
    apiKey,
    deliver: async (url) => {
      const u = new URL(url);
      if (u.searchParams.get('EventType') === 'PAYIN_NORMAL_SUCCEEDED')
        notices.push(`${u.pathname}${u.search}`);
    },
  });
  const baseUrl = await sandbox.start();

  process.on('message', (message: Request) => {
    void (async () => {
      if (message.type === 'wires') {
        for (const wire of message.wires) sandbox.receiveWire(wire);
        await sandbox.flushHooks();
        send({ type: 'wired', notices: notices.length });
        return;
      }
      const deliveries = shuffle([...notices, ...shuffle([...notices], 7).slice(0, message.duplicates)]);
      const outcomes: Record<string, number> = {};
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      const latencies = await runPool(deliveries, message.concurrency, async (pathAndQuery) => {
        const res = await fetch(`${message.url}${pathAndQuery}`);
        const body = (await res.json().catch(() => ({}))) as { result?: string; code?: string };
        const key = res.status === 200 ? String(body.result) : `HTTP ${res.status} ${body.code ?? ''}`;
        outcomes[key] = (outcomes[key] ?? 0) + 1;
      });
      const seconds = (performance.now() - started) / 1000;
      const { user, system } = process.cpuUsage(cpuBefore);
      send({
        type: 'delivered',
        seconds,
        latencies,
        outcomes,
        count: deliveries.length,
        cpuMs: (user + system) / 1000,
      });
    })().catch((err) => {
      console.error(err);
      process.exit(1);
    });
  });
  process.on('disconnect', () => {
    void sandbox.stop().finally(() => process.exit(0));
  });
  send({ type: 'ready', baseUrl, platformUserId: sandbox.platformUserId });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
