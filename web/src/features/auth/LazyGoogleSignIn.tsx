import { Suspense, lazy } from 'react';
import type { GoogleSignInProps } from './GoogleSignIn';

const GoogleSignIn = lazy(async () => ({ default: (await import('./GoogleSignIn')).GoogleSignIn }));

/**
 * Google's button, loaded once the sign-in form is on screen: the form is what a person uses
 * first, and its code comes alone. The space the button takes is kept meanwhile, so nothing
 * below it moves.
 */
export function LazyGoogleSignIn(props: GoogleSignInProps) {
  return (
    <Suspense fallback={<div aria-hidden="true" className="h-17" />}>
      <GoogleSignIn {...props} />
    </Suspense>
  );
}
