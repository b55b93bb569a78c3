import type { ProvidersResponse } from '@indiesplit/shared/oauth';
import { useEffect, useState } from 'react';
import { getProviders } from '../api.ts';

// The configured sign-in providers, asked once per page load: the same build runs everywhere and
// shows only the buttons the server can honour.

const NONE: ProvidersResponse = { google_client_id: null, google_script_url: null, discord: false };
let pending: Promise<ProvidersResponse> | null = null;

export function loadProviders(): Promise<ProvidersResponse> {
  pending ??= getProviders().catch(() => {
    // Unknown is shown as none; the next screen asks again.
    pending = null;
    return NONE;
  });
  return pending;
}

/** For tests, which answer differently from one to the next. */
export function forgetProviders(): void {
  pending = null;
}

/** Whether `providers` lets the sign-in screens show at least one button. */
export function offersSocialSignIn(providers: ProvidersResponse | null): boolean {
  return Boolean(
    providers && (providers.discord || (providers.google_client_id && providers.google_script_url)),
  );
}

/** null until known. */
export function useProviders(): ProvidersResponse | null {
  const [providers, setProviders] = useState<ProvidersResponse | null>(null);
  useEffect(() => {
    let live = true;
    void loadProviders().then((p) => live && setProviders(p));
    return () => {
      live = false;
    };
  }, []);
  return providers;
}
