import { hash, verify } from '@node-rs/argon2';

// Argon2id with OWASP's minimum (m=19 MiB, t=2, p=1). Hashing is deliberately costly, so at most
// MAX_CONCURRENT run at once: a burst of logins queues instead of exhausting memory and CPU.
const OWASP_MINIMUM = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
// Under NODE_ENV=test (the test suite's apps and servers, which hold no real password and already
// expose the development mailbox) the same Argon2id runs at its smallest cost: the same code, the
// same hash format, about 0.5 ms of CPU instead of 12. A hash records its own cost, so either kind
// verifies under either setting.
const TEST_COST = { memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

/** The Argon2id cost for a NODE_ENV: OWASP's minimum everywhere but the test suite. */
export function hashCost(nodeEnv: string | undefined) {
  return nodeEnv === 'test' ? TEST_COST : OWASP_MINIMUM;
}
const OPTIONS = hashCost(process.env.NODE_ENV);
const MAX_CONCURRENT = 4;

let running = 0;
const waiting: Array<() => void> = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

// One spelling per password: "è" typed as one code point or as "e" plus an accent hashes the same.
const normalize = (password: string) => password.normalize('NFKC');

export function hashPassword(password: string): Promise<string> {
  return limited(() => hash(normalize(password), OPTIONS));
}

// A real hash of a random password: verifying against it costs what a real verification costs, so
// "no such account" and "wrong password" take the same time.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword(`dummy-${Math.random()}`);
    const dummy = await dummyHash;
    await limited(() => verify(dummy, normalize(password))).catch(() => false);
    return false;
  }
  return limited(() => verify(storedHash, normalize(password))).catch(() => false);
}
