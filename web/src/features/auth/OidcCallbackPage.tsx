import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { appRoutes, secondStepTexts } from '@um/contract';
import { Banner } from '../../components/ui/Banner';
import { Spinner } from '../../components/ui/Spinner';
import { errorDetail } from '../../lib/api-client';
import { AuthLayout, linkClasses } from './AuthLayout';
import { finishOidcSignIn, takeStartedState } from './api/oidc';
import { useAuth } from './session';

const texts = secondStepTexts.screen;

interface FailureText {
  message: string;
  detail: string | null;
}

/** A return that is refused before the server is asked. */
class Failure extends Error {
  constructor(readonly failure: FailureText) {
    super(failure.message);
  }
}

/**
 * Where the school's provider sends the browser back (`redirect_uri`): the code it gave goes to
 * the server, which checks it with the provider and answers with a session. Only the tab that
 * started the sign-in accepts the return.
 */
export function OidcCallbackPage() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<FailureText | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // Once: the code works once, and React may run an effect twice in development.
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(window.location.search);
    const state = params.get('state');
    const code = params.get('code');
    const iss = params.get('iss');
    const finish = async () => {
      if (!takeStartedState(state) || !state) {
        throw new Failure({ message: texts.oidcMismatch, detail: null });
      }
      if (!code) {
        throw new Failure({
          message: texts.oidcProviderError,
          detail: params.get('error_description'),
        });
      }
      await signIn(await finishOidcSignIn({ code, state, ...(iss ? { iss } : {}) }));
    };
    finish().then(
      () => navigate(appRoutes.dashboard, { replace: true }),
      (error: unknown) =>
        setFailure(
          error instanceof Failure
            ? error.failure
            : { message: texts.oidcCallbackFailed, detail: errorDetail(error) },
        ),
    );
  }, [navigate, signIn]);

  return (
    <AuthLayout
      title={texts.oidcSigningIn}
      footer={
        <Link to={appRoutes.login} className={linkClasses}>
          {texts.backToLogin}
        </Link>
      }
    >
      {failure ? (
        <Banner tone="error" message={failure.message} detail={failure.detail} />
      ) : (
        <Spinner label={texts.oidcSigningIn} />
      )}
    </AuthLayout>
  );
}
