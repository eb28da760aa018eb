import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import {
  appRoutes,
  mfaLoginRequestSchema,
  secondStepTexts,
  totpConfirmRequestSchema,
} from '@um/contract';
import type { MfaChallenge, TokenPair } from '@um/contract';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { QrCode } from '../../components/ui/QrCode';
import { RecoveryCodes } from '../../components/ui/RecoveryCodes';
import { errorDetail } from '../../lib/api-client';
import { bindFields, focusOnMount } from '../../lib/forms';
import { check } from '../../lib/validation';
import { AuthLayout, OrDivider, linkClasses } from './AuthLayout';
import { answerSecondStep, beginRequiredSetup, confirmRequiredSetup } from './api/second-step';
import { signInWithPasskey } from './api/sign-in-with-passkey';
import { OidcCallbackPage } from './OidcCallbackPage';
import { pathAfterSignIn } from './redirect';
import { useAuth } from './session';
import { SignInForm, useSignInForm } from './SignInForm';

const texts = secondStepTexts.screen;

interface SecondStepProps {
  challenge: MfaChallenge;
  onSignedIn: (tokens: TokenPair) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * The screens that follow the login page, in one chunk it does not load: the second step, and
 * the return from the school's provider.
 */
export function SignInStepPage() {
  const { pathname } = useLocation();
  return pathname === appRoutes.oidcCallback ? <OidcCallbackPage /> : <SecondStepPage />;
}

/**
 * The second step, with the challenge the login page's right password was answered with (in
 * the history entry's state). Opened without one (reloaded after it was used, or typed in), it
 * goes back to the login page.
 */
function SecondStepPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const challenge = (location.state as { challenge?: MfaChallenge } | null)?.challenge;
  if (!challenge) return <Navigate to={appRoutes.login} replace />;
  return (
    <SecondStep
      challenge={challenge}
      onSignedIn={async (tokens) => {
        await signIn(tokens);
        navigate(pathAfterSignIn(location.state), { replace: true });
      }}
      onCancel={() => navigate(appRoutes.login, { replace: true })}
    />
  );
}

/**
 * The step after a right password (docs/web.md, "Two-step sign-in"): a code from the app, a
 * recovery code or a passkey; or, when the role requires a second step the account has not set
 * up, the set-up itself.
 */
function SecondStep(props: SecondStepProps) {
  return props.challenge.enrolment_required ? (
    <RequiredSetup {...props} />
  ) : (
    <CodeStep {...props} />
  );
}

function BackToLogin({ onCancel }: { onCancel: () => void }) {
  return (
    <button type="button" className={linkClasses} onClick={onCancel}>
      {texts.backToLogin}
    </button>
  );
}

function CodeStep({ challenge, onSignedIn, onCancel }: SecondStepProps) {
  const hasCodes = challenge.methods.includes('totp');
  const hasPasskey = challenge.methods.includes('passkey');
  const [recovery, setRecovery] = useState(false);
  const [values, setValues] = useState({ code: '', recovery_code: '' });
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const form = useSignInForm({
    check: (report) =>
      check(
        mfaLoginRequestSchema,
        recovery
          ? { mfa_token: challenge.mfa_token, recovery_code: values.recovery_code }
          : { mfa_token: challenge.mfa_token, code: values.code },
        report,
      ),
    send: async (body) => onSignedIn(await answerSecondStep(body)),
    failed: texts.failed,
  });
  const field = bindFields(values, setValues, form.errors);

  async function signInWithTheirPasskey() {
    setPasskeyBusy(true);
    form.setNotice(null);
    try {
      await onSignedIn(await signInWithPasskey());
    } catch (error) {
      form.setNotice({ tone: 'error', message: texts.passkeyFailed, detail: errorDetail(error) });
    } finally {
      setPasskeyBusy(false);
    }
  }

  const passkeyButton = hasPasskey && (
    <Button
      variant="secondary"
      className="w-full"
      loading={passkeyBusy}
      onClick={() => void signInWithTheirPasskey()}
    >
      {texts.usePasskey}
    </Button>
  );

  return (
    <AuthLayout
      title={texts.title}
      subtitle={
        !hasCodes ? texts.passkeyOnlyIntro : recovery ? texts.recoveryIntro : texts.codeIntro
      }
      footer={<BackToLogin onCancel={onCancel} />}
    >
      {hasCodes ? (
        <>
          <SignInForm
            form={form}
            submit={texts.verify}
            after={
              <button
                type="button"
                className={`text-sm ${linkClasses}`}
                onClick={() => {
                  setRecovery(!recovery);
                  form.setNotice(null);
                }}
              >
                {recovery ? texts.useCode : texts.useRecoveryCode}
              </button>
            }
          >
            {/* Two fields, not one that changes: Preact takes a limit away by setting it to
                zero characters (decision 0092). Each field takes the focus as it opens. */}
            {recovery ? (
              <Field
                key="recovery_code"
                // The one thing to do on this screen.
                // eslint-disable-next-line jsx-a11y/no-autofocus
                autoFocus
                ref={focusOnMount}
                label={texts.recoveryCode}
                autoComplete="off"
                spellCheck={false}
                required
                {...field('recovery_code')}
              />
            ) : (
              <Field
                key="code"
                // eslint-disable-next-line jsx-a11y/no-autofocus
                autoFocus
                ref={focusOnMount}
                label={texts.code}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                required
                {...field('code')}
              />
            )}
          </SignInForm>
          {hasPasskey && <OrDivider />}
          {passkeyButton}
        </>
      ) : (
        <>
          {form.notice && <Banner {...form.notice} className="mb-5" />}
          {passkeyButton}
        </>
      )}
    </AuthLayout>
  );
}

function RequiredSetup({ challenge, onSignedIn, onCancel }: SecondStepProps) {
  const [setup, setSetup] = useState<{ secret: string; otpauth_url: string } | null>(null);
  const [loadError, setLoadError] = useState<string | null | undefined>(undefined);
  const [values, setValues] = useState({ code: '' });
  const [done, setDone] = useState<{ tokens: TokenPair; codes: string[] } | null>(null);

  useEffect(() => {
    let active = true;
    beginRequiredSetup(challenge.mfa_token).then(
      (answer) => active && setSetup(answer),
      (error: unknown) => active && setLoadError(errorDetail(error)),
    );
    return () => {
      active = false;
    };
  }, [challenge.mfa_token]);

  const form = useSignInForm({
    check: (report) => check(totpConfirmRequestSchema, values, report),
    send: async ({ code }) => {
      const answer = await confirmRequiredSetup(challenge.mfa_token, code);
      setDone({ tokens: answer.token, codes: answer.recovery_codes });
    },
    failed: texts.setupFailed,
  });
  const field = bindFields(values, setValues, form.errors);

  if (done) {
    return (
      <AuthLayout title={texts.setupTitle}>
        <RecoveryCodes codes={done.codes} onDone={() => void onSignedIn(done.tokens)} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={texts.setupTitle}
      subtitle={texts.setupRequired}
      footer={<BackToLogin onCancel={onCancel} />}
    >
      {loadError !== undefined && (
        <Banner tone="error" message={texts.setupFailed} detail={loadError} className="mb-5" />
      )}
      {setup && (
        <div className="mb-6 space-y-3 text-sm">
          <p>{texts.scan}</p>
          <div className="flex justify-center">
            <QrCode text={setup.otpauth_url} label={texts.qrLabel} />
          </div>
          <p>
            {texts.manualKey}{' '}
            <code className="font-mono break-all" data-testid="totp-secret">
              {setup.secret}
            </code>
          </p>
        </div>
      )}
      <SignInForm form={form} submit={texts.confirm}>
        <Field
          label={texts.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          {...field('code')}
        />
      </SignInForm>
    </AuthLayout>
  );
}
