import { DISCORD_REF_PARAM } from '@indiesplit/shared/oauth-params';
import { type ComponentProps, lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { offersSocialSignIn, useProviders } from './providers.ts';
import type { SocialSignIn as EagerSocialSignIn } from './social-sign-in.tsx';

const SocialSignIn = lazy(() => import('./social-sign-in.tsx').then((m) => ({ default: m.SocialSignIn })));

/** Runs `work` once the main thread has nothing more urgent to do; returns a cancel function. */
function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: 1500 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 50);
  return () => window.clearTimeout(handle);
}

/**
 * The social sign-in buttons, on a screen whose own form comes first: their code is fetched only
 * when the server offers a provider, and shown once the browser is idle. Back from Discord (a
 * reference in the address) they load at once, as they are the ones finishing the sign-in.
 */
export function DeferredSocialSignIn(props: ComponentProps<typeof EagerSocialSignIn>) {
  const [params] = useSearchParams();
  // Decided once: the buttons take the reference out of the address, and must stay to show the outcome.
  const [returning] = useState(() => params.has(DISCORD_REF_PARAM));
  const offered = offersSocialSignIn(useProviders());
  const [idle, setIdle] = useState(false);

  useEffect(() => {
    if (!offered || idle) return;
    return whenIdle(() => setIdle(true));
  }, [offered, idle]);

  if (!returning && !(offered && idle)) return null;
  return (
    <Suspense fallback={null}>
      <SocialSignIn {...props} />
    </Suspense>
  );
}
