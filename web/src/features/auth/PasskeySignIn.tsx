import { useState } from 'react';
import { secondStepTexts } from '@um/contract';
import type { TokenPair } from '@um/contract';
import type { Notice } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { errorDetail } from '../../lib/api-client';

const texts = secondStepTexts.screen;

/** "Sign in with a passkey": a passkey counts as both steps, so nothing else is asked. */
export function PasskeySignIn({
  onSignedIn,
  onError,
}: {
  onSignedIn: (tokens: TokenPair) => Promise<unknown>;
  onError: (notice: Notice) => void;
}) {
  const [busy, setBusy] = useState(false);
  async function signIn() {
    setBusy(true);
    try {
      const { signInWithPasskey } = await import('./api/sign-in-with-passkey');
      await onSignedIn(await signInWithPasskey());
    } catch (error) {
      const cancelled = error instanceof Error && error.name === 'NotAllowedError';
      onError({
        tone: 'error',
        message: cancelled ? texts.passkeyCancelled : texts.passkeyFailed,
        detail: cancelled ? null : errorDetail(error),
      });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="secondary" className="w-full" loading={busy} onClick={() => void signIn()}>
      {texts.passkeyButton}
    </Button>
  );
}
