import { Suspense, lazy } from 'react';
import type { GoogleSignInProps } from './GoogleSignIn';

const OtherSignIns = lazy(async () => ({ default: (await import('./OtherSignIns')).OtherSignIns }));

/**
 * Google's button and the other ways in (the school's provider, a passkey), loaded once the
 * sign-in form is on screen: the form is what a person uses first, and its code comes alone.
 * The space Google's button takes is kept meanwhile.
 */
export function LazyGoogleSignIn(props: GoogleSignInProps) {
  return (
    <Suspense fallback={<div aria-hidden="true" className="h-17" />}>
      <OtherSignIns {...props} />
    </Suspense>
  );
}
