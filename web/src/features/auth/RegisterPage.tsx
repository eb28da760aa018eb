import { useEffect, useRef, useState } from 'react';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { appRoutes, texts, registerRequestSchema, sendOtpRequestSchema } from '@um/contract';
import type { TokenPair } from '@um/contract';
import type { Notice } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { errorDetail } from '../../lib/api-client';
import { bindFields } from '../../lib/forms';
import { check } from '../../lib/validation';
import { readInvitationEmail } from './api/invitation-email';
import { register } from './api/register';
import { codeJustSent, sendOtp } from './api/send-otp';
import { AuthLayout, OrDivider, linkClasses } from './AuthLayout';
import { LazyGoogleSignIn } from './LazyGoogleSignIn';
import { ResendCode } from './ResendCode';
import { useAuth } from './session';
import { SignInForm, useSignInForm } from './SignInForm';

const emptyDetails = { otp: '', name: '', password: '', password2: '' };

/**
 * Sign-up: with an invitation link (`?invite=TOKEN`, docs/staff.md) in one step, without a code;
 * otherwise in two, the e-mail getting a one-time code first.
 */
export function RegisterPage() {
  const invite = useSearchParams()[0].get('invite');
  return invite ? <InvitedRegistration invite={invite} /> : <CodeRegistration />;
}

const emptyInvited = { email: '', name: '', password: '', password2: '' };

/** Sign-up with an invitation: the invited address, a name and a password; no code. */
function InvitedRegistration({ invite }: { invite: string }) {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [values, setValues] = useState(emptyInvited);
  // The link's address is filled in; one that cannot be read leaves the field for the person.
  useEffect(() => {
    let current = true;
    readInvitationEmail(invite)
      .then((email) => {
        if (current) setValues((typed) => (typed.email === '' ? { ...typed, email } : typed));
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [invite]);
  const createAccount = useSignInForm({
    check: (report) => check(registerRequestSchema, { ...values, invite, tc: true }, report),
    send: async (body) => {
      await signIn(await register(body));
      navigate(appRoutes.dashboard, { replace: true });
    },
    failed: texts.register.failed,
  });
  const field = bindFields(values, setValues, createAccount.errors);
  return (
    <AuthLayout
      title="Create your account"
      subtitle="You were invited: enter the e-mail address the invitation was sent to and choose a password."
      footer={
        <>
          Already have an account?{' '}
          <Link to={appRoutes.login} className={linkClasses}>
            Log in
          </Link>
        </>
      }
    >
      <SignInForm form={createAccount} submit="Create account">
        <Field label="Email" type="email" autoComplete="email" required {...field('email')} />
        <Field label="Full name" autoComplete="name" required {...field('name')} />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 8 characters."
          {...field('password')}
        />
        <Field
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          required
          {...field('password2')}
        />
      </SignInForm>
    </AuthLayout>
  );
}

function CodeRegistration() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [step, setStep] = useState<'email' | 'details'>('email');
  const [start, setStart] = useState({ email: '' });
  const { email } = start;
  const [details, setDetails] = useState(emptyDetails);
  const notice = useState<Notice | null>(null);
  const [, setNotice] = notice;

  const finish = async (tokens: TokenPair) => {
    await signIn(tokens);
    navigate(appRoutes.dashboard, { replace: true });
  };

  /** Why no code was sent just now: one went to the address within the last minute. */
  const alreadySent = useRef<string | null>(null);
  const requestCode = useSignInForm({
    check: (report) => check(sendOtpRequestSchema, start, report),
    send: async (body) => {
      alreadySent.current = null;
      try {
        await sendOtp(body);
      } catch (error) {
        // The code sent a moment ago still works: on to the step that takes it.
        alreadySent.current = codeJustSent(error);
        if (alreadySent.current === null) throw error;
      }
    },
    failed: texts.register.otpSendFailed,
    succeeded: texts.register.otpSent,
    onSucceeded: (body) => {
      setStart({ email: body.email });
      setStep('details');
      if (alreadySent.current !== null) setNotice({ tone: 'info', message: alreadySent.current });
    },
    sharedNotice: notice,
  });

  const createAccount = useSignInForm({
    check: (report) => check(registerRequestSchema, { ...details, email, tc: true }, report),
    send: async (body) => finish(await register(body)),
    failed: texts.register.failed,
    sharedNotice: notice,
  });

  function backToEmail() {
    setNotice(null);
    setDetails(emptyDetails);
    setStep('email');
  }

  const footer = (
    <>
      Already have an account?{' '}
      <Link to={appRoutes.login} className={linkClasses}>
        Log in
      </Link>
    </>
  );

  const startField = bindFields(start, setStart, requestCode.errors);
  if (step === 'email') {
    return (
      <AuthLayout
        title="Create your account"
        subtitle="We will e-mail you a one-time code to confirm your address."
        footer={footer}
      >
        <SignInForm form={requestCode} submit="Send OTP">
          <Field
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...startField('email')}
          />
        </SignInForm>
        <OrDivider />
        <LazyGoogleSignIn mode="register" onSignedIn={finish} onError={setNotice} />
      </AuthLayout>
    );
  }

  const field = bindFields(details, setDetails, createAccount.errors);

  return (
    <AuthLayout
      title="Create your account"
      subtitle={
        <>
          Enter the code sent to <span className="font-medium">{email}</span> and choose a password.
        </>
      }
      footer={footer}
    >
      <SignInForm
        form={createAccount}
        submit="Create account"
        after={
          <>
            <ResendCode
              email={email}
              onSent={() => setNotice({ tone: 'success', message: texts.register.otpSent })}
              onFailed={(error) => {
                const justSent = codeJustSent(error);
                setNotice(
                  justSent === null
                    ? {
                        tone: 'error',
                        message: texts.register.otpSendFailed,
                        detail: errorDetail(error),
                      }
                    : { tone: 'info', message: justSent },
                );
              }}
            />
            <Button variant="ghost" className="w-full" onClick={backToEmail}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back to Email
            </Button>
          </>
        }
      >
        <Field
          label="OTP"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          {...field('otp')}
        />
        <Field label="Full name" autoComplete="name" required {...field('name')} />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 8 characters."
          {...field('password')}
        />
        <Field
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          required
          {...field('password2')}
        />
      </SignInForm>
    </AuthLayout>
  );
}
