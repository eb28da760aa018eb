/** The slice of Google Identity Services (accounts.google.com/gsi/client) the buttons use. */
export interface CredentialResponse {
  credential?: string;
}

export interface GoogleIdConfiguration {
  client_id: string;
  callback: (response: CredentialResponse) => void;
  context: 'signin' | 'signup';
  ux_mode: 'popup';
}

export interface GsiButtonConfiguration {
  type: 'standard';
  theme: 'outline' | 'filled_black';
  size: 'large';
  text: 'signin_with' | 'signup_with';
  shape: 'pill';
  width: number;
}

export interface GoogleAccountsId {
  initialize: (config: GoogleIdConfiguration) => void;
  renderButton: (parent: HTMLElement, options: GsiButtonConfiguration) => void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

export const GSI_CLIENT_URL = 'https://accounts.google.com/gsi/client';

let loading: Promise<GoogleAccountsId> | null = null;

/**
 * Loads Google's script once, on demand: only a page showing a configured Google button pays
 * for it. Callers during the load share it; a failed load is forgotten so that the next
 * attempt tries again.
 */
export function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  const ready = window.google?.accounts?.id;
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GSI_CLIENT_URL;
    script.async = true;
    const fail = () => {
      loading = null;
      script.remove();
      reject(new Error('Google Identity Services could not be loaded'));
    };
    script.addEventListener('error', fail);
    script.addEventListener('load', () => {
      const id = window.google?.accounts?.id;
      if (!id) return fail();
      // From now on the script's global answers; only a load in flight is shared.
      loading = null;
      resolve(id);
    });
    document.head.append(script);
  });
  return loading;
}
