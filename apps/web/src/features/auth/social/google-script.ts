// Google Identity Services, loaded on demand from the configured address (only on screens that
// show the button, only when Google is configured).

export interface GoogleCredentialResponse {
  credential: string;
}

export interface GoogleButtonOptions {
  type?: 'standard' | 'icon';
  theme?: 'outline' | 'filled_blue' | 'filled_black';
  size?: 'large' | 'medium' | 'small';
  text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
  shape?: 'rectangular' | 'pill';
  width?: number;
  locale?: string;
}

export interface GoogleIdentity {
  initialize(options: {
    client_id: string;
    callback: (response: GoogleCredentialResponse) => void;
    ux_mode?: 'popup' | 'redirect';
  }): void;
  renderButton(parent: HTMLElement, options: GoogleButtonOptions): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdentity } };
  }
}

const loads = new Map<string, Promise<GoogleIdentity>>();

export function loadGoogleIdentity(src: string): Promise<GoogleIdentity> {
  const ready = window.google?.accounts?.id;
  if (ready) return Promise.resolve(ready);
  let load = loads.get(src);
  if (!load) {
    load = new Promise<GoogleIdentity>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => {
        const id = window.google?.accounts?.id;
        if (id) resolve(id);
        else reject(new Error('Google Identity Services did not initialise'));
      };
      script.onerror = () => reject(new Error('Google Identity Services could not be loaded'));
      document.head.append(script);
    }).catch((err: unknown) => {
      // A later screen may try again (the network may be back).
      loads.delete(src);
      throw err;
    });
    loads.set(src, load);
  }
  return load;
}
