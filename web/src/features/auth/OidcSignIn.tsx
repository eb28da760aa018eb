import { useState } from 'react';
import { secondStepTexts } from '@um/contract';
import type { Notice } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { errorDetail } from '../../lib/api-client';

const texts = secondStepTexts;

/** "Sign in with Microsoft" (OIDC_NAME): the browser goes to the school's provider and back. */
export function OidcSignIn({
  name,
  mode,
  onError,
}: {
  name: string;
  mode: 'login' | 'register';
  onError: (notice: Notice) => void;
}) {
  const [busy, setBusy] = useState(false);
  async function start() {
    setBusy(true);
    try {
      const { startOidcSignIn } = await import('./api/oidc');
      await startOidcSignIn(mode);
    } catch (error) {
      setBusy(false);
      onError({ tone: 'error', message: texts.oidcFailed(name), detail: errorDetail(error) });
    }
  }
  return (
    <Button variant="secondary" className="w-full" loading={busy} onClick={() => void start()}>
      {mode === 'login' ? texts.signInWith(name) : texts.signUpWith(name)}
    </Button>
  );
}
