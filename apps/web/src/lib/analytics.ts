import { hasConsent } from './consent.ts';

// Product analytics through one door. It does nothing unless an operator configured a collector
// (VITE_ANALYTICS_ENDPOINT, a first-party URL that accepts JSON events) and the visitor consented
// to analytics. No third-party script is loaded, no identifier is stored in the browser.

export type SignUpMethod = 'email' | 'google' | 'discord';

export interface AnalyticsEvent {
  name: string;
  props?: Record<string, string | number | boolean>;
}

export interface AnalyticsDeps {
  endpoint: string | undefined;
  consented: () => boolean;
  send: (url: string, body: string) => void;
}

function beacon(url: string, body: string): void {
  const blob = new Blob([body], { type: 'application/json' });
  if (typeof navigator !== 'undefined' && navigator.sendBeacon?.(url, blob)) return;
  void fetch(url, {
    method: 'POST',
    body,
    keepalive: true,
    headers: { 'Content-Type': 'application/json' },
  }).catch(() => {});
}

const defaultDeps: AnalyticsDeps = {
  endpoint: import.meta.env.VITE_ANALYTICS_ENDPOINT || undefined,
  consented: () => hasConsent('analytics'),
  send: beacon,
};

export function createAnalytics(deps: AnalyticsDeps) {
  const track = (event: AnalyticsEvent): boolean => {
    if (!deps.endpoint || !deps.consented()) return false;
    const page = typeof location === 'undefined' ? '' : location.pathname;
    deps.send(deps.endpoint, JSON.stringify({ ...event, page, at: new Date().toISOString() }));
    return true;
  };
  return {
    track,
    /** Spec §4: a successful sign-up reports a conversion and the method used. */
    registrationCompleted(method: SignUpMethod): void {
      track({ name: 'registration_conversion' });
      track({ name: 'registration_method', props: { method } });
    },
  };
}

export const analytics = createAnalytics(defaultDeps);
