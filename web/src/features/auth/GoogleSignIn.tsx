import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { texts } from '@um/contract';
import type { TokenPair } from '@um/contract';
import { ApiError } from '../../lib/api-client';
import { useTheme } from '../../lib/theme';
import type { Notice } from '../../components/ui/Banner';
import type { ClientConfigState } from './client-config';
import { loadGoogleIdentity } from './google-identity';
import type { CredentialResponse } from './google-identity';

export interface GoogleSignInProps {
  mode: 'login' | 'register';
  /** Receives the session the API issued for the Google account. */
  onSignedIn: (tokens: TokenPair) => Promise<unknown>;
  /** Receives the spec's message for whatever went wrong. */
  onError: (notice: Notice) => void;
}

const BUTTON_WIDTH = 320;

const buttonTexts = {
  login: {
    label: 'Sign in with Google',
    failed: texts.google.loginFailed,
    buttonError: texts.google.loginButtonError,
  },
  register: {
    label: 'Sign up with Google',
    failed: texts.google.registrationFailed,
    buttonError: texts.google.registrationButtonError,
  },
} as const;

/**
 * Google's own button (Google Identity Services), with the client id the server reports.
 * Without a client id it is shown disabled with the reason, and Google's script never loads.
 */
export function GoogleSignIn({
  mode,
  onSignedIn,
  onError,
  config,
}: GoogleSignInProps & { config: ClientConfigState }) {
  const clientId = config.data?.google_client_id ?? null;
  const { resolved: theme } = useTheme();
  const container = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  const reasonId = useId();
  const text = buttonTexts[mode];

  const handleCredential = useEffectEvent(async (response: CredentialResponse) => {
    if (!response.credential) {
      onError({ tone: 'error', message: texts.google.noCredential });
      return;
    }
    setBusy(true);
    try {
      const { signInWithGoogle } = await import('./sign-in');
      await onSignedIn(await signInWithGoogle(mode, response.credential));
    } catch (error) {
      onError({
        tone: 'error',
        message: text.failed,
        detail: error instanceof ApiError ? error.detail : null,
      });
    } finally {
      setBusy(false);
    }
  });

  const reportButtonError = useEffectEvent(() => {
    onError({ tone: 'error', message: text.buttonError });
  });

  useEffect(() => {
    const parent = container.current;
    if (!clientId || !parent) return;
    let active = true;
    loadGoogleIdentity()
      .then((google) => {
        if (!active) return;
        google.initialize({
          client_id: clientId,
          callback: (response) => void handleCredential(response),
          context: mode === 'login' ? 'signin' : 'signup',
          ux_mode: 'popup',
        });
        google.renderButton(parent, {
          type: 'standard',
          theme: theme === 'dark' ? 'filled_black' : 'outline',
          size: 'large',
          text: mode === 'login' ? 'signin_with' : 'signup_with',
          shape: 'pill',
          width: BUTTON_WIDTH,
        });
      })
      .catch(() => {
        if (active) reportButtonError();
      });
    return () => {
      active = false;
    };
  }, [clientId, mode, theme]);

  const reason = config.isPending
    ? null
    : config.isError
      ? 'Google sign-in is unavailable right now.'
      : clientId
        ? null
        : 'Google sign-in is not configured for this school.';

  // The line under the button is there in every state, so nothing below it moves when the
  // configuration arrives (the sign-in pages are shown before it is asked for).
  return (
    <div className="space-y-2">
      {clientId ? (
        <div
          ref={container}
          aria-busy={busy || undefined}
          className="flex min-h-11 justify-center"
        />
      ) : (
        <button
          type="button"
          disabled
          aria-describedby={reason ? reasonId : undefined}
          className="flex h-11 w-full cursor-not-allowed items-center justify-center gap-3 rounded-pill border border-slate-300 bg-white text-sm font-medium text-slate-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-300"
        >
          <GoogleMark />
          {text.label}
        </button>
      )}
      <p id={reasonId} className="min-h-4 text-center text-xs text-slate-600 dark:text-slate-400">
        {reason ?? '\u00a0'}
      </p>
    </div>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="size-5">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}
