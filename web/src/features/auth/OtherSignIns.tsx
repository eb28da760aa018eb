import type { GoogleSignInProps } from './GoogleSignIn';
import { GoogleSignIn } from './GoogleSignIn';
import { useClientConfig } from './client-config';
import { OidcSignIn } from './OidcSignIn';
import { PasskeySignIn } from './PasskeySignIn';

/**
 * The ways in besides the e-mail form: Google, the school's OpenID provider when one is
 * configured, and (to sign in) a passkey. One chunk, loaded once the form is on screen, asking
 * the server's settings once for all of them.
 */
export function OtherSignIns(props: GoogleSignInProps) {
  const config = useClientConfig();
  const oidcName = config.data?.oidc_name ?? null;
  return (
    <div className="space-y-3">
      <GoogleSignIn {...props} config={config} />
      {oidcName && <OidcSignIn name={oidcName} mode={props.mode} onError={props.onError} />}
      {props.mode === 'login' && (
        <PasskeySignIn onSignedIn={props.onSignedIn} onError={props.onError} />
      )}
    </div>
  );
}
