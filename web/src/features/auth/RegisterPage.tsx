import { useState } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { appRoutes, texts, registerRequestSchema, sendOtpRequestSchema } from '@um/contract';
import type { TokenPair } from '@um/contract';
import type { Notice } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { errorDetail } from '../../lib/api-client';
import { check } from '../../lib/validation';
import { register, sendOtp } from './api';
import { AuthLayout, OrDivider, linkClasses } from './AuthLayout';
import { LazyGoogleSignIn } from './LazyGoogleSignIn';
import { ResendCode } from './ResendCode';
import { useAuth } from './session';
import { SignInForm, useSignInForm } from './SignInForm';

const emptyDetails = { otp: '', name: '', password: '', password2: '' };

/** Two-step sign-up (SPEC.md 2 and 4): the e-mail gets a one-time code, then the account. */
export function RegisterPage() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [step, setStep] = useState<'email' | 'details'>('email');
  const [email, setEmail] = useState('');
  const [details, setDetails] = useState(emptyDetails);
  const notice = useState<Notice | null>(null);
  const [, setNotice] = notice;

  const finish = async (tokens: TokenPair) => {
    await signIn(tokens);
    navigate(appRoutes.dashboard, { replace: true });
  };

  const requestCode = useSignInForm({
    check: (report) => check(sendOtpRequestSchema, { email }, report),
    send: sendOtp,
    failed: texts.register.otpSendFailed,
    succeeded: texts.register.otpSent,
    onSucceeded: (body) => {
      setEmail(body.email);
      setStep('details');
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
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={requestCode.errors['email']}
          />
        </SignInForm>
        <OrDivider />
        <LazyGoogleSignIn mode="register" onSignedIn={finish} onError={setNotice} />
      </AuthLayout>
    );
  }

  const set = (field: keyof typeof emptyDetails) => (value: string) =>
    setDetails({ ...details, [field]: value });

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
              onFailed={(error) =>
                setNotice({
                  tone: 'error',
                  message: texts.register.otpSendFailed,
                  detail: errorDetail(error),
                })
              }
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
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          value={details.otp}
          onChange={(event) => set('otp')(event.target.value)}
          error={createAccount.errors['otp']}
        />
        <Field
          label="Full name"
          name="name"
          autoComplete="name"
          required
          value={details.name}
          onChange={(event) => set('name')(event.target.value)}
          error={createAccount.errors['name']}
        />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          hint="At least 8 characters."
          value={details.password}
          onChange={(event) => set('password')(event.target.value)}
          error={createAccount.errors['password']}
        />
        <Field
          label="Confirm password"
          type="password"
          name="password2"
          autoComplete="new-password"
          required
          value={details.password2}
          onChange={(event) => set('password2')(event.target.value)}
          error={createAccount.errors['password2']}
        />
      </SignInForm>
    </AuthLayout>
  );
}
