import { useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { appRoutes, texts, registerRequestSchema, sendOtpRequestSchema } from '@um/contract';
import type { RegisterRequest, SendOtpRequest, TokenPair } from '@um/contract';
import { Banner } from '../../components/ui/Banner';
import type { Notice } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { errorDetail } from '../../lib/api-client';
import { useFieldErrors } from '../../lib/forms';
import { check } from '../../lib/validation';
import { register, sendOtp } from './api';
import { AuthLayout, OrDivider, linkClasses } from './AuthLayout';
import { GoogleSignIn } from './GoogleSignIn';
import { useAuth } from './session';

const emptyDetails = { otp: '', name: '', password: '', password2: '' };

/** Two-step sign-up (SPEC.md 2 and 4): the e-mail gets a one-time code, then the account. */
export function RegisterPage() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [step, setStep] = useState<'email' | 'details'>('email');
  const [email, setEmail] = useState('');
  const [details, setDetails] = useState(emptyDetails);
  const [notice, setNotice] = useState<Notice | null>(null);
  const {
    formRef: emailFormRef,
    errors: emailErrors,
    setErrors: setEmailErrors,
  } = useFieldErrors();
  const {
    formRef: detailsFormRef,
    errors: detailsErrors,
    setErrors: setDetailsErrors,
  } = useFieldErrors();

  const finish = async (tokens: TokenPair) => {
    await signIn(tokens);
    navigate(appRoutes.dashboard, { replace: true });
  };

  const requestCode = useMutation({
    mutationFn: (body: SendOtpRequest) => sendOtp(body),
    onSuccess: (_, body) => {
      setEmail(body.email);
      setStep('details');
      setNotice({ tone: 'success', message: texts.register.otpSent });
    },
    onError: (error) =>
      setNotice({
        tone: 'error',
        message: texts.register.otpSendFailed,
        detail: errorDetail(error),
      }),
  });

  const createAccount = useMutation({
    mutationFn: async (body: RegisterRequest) => finish(await register(body)),
    onError: (error) =>
      setNotice({ tone: 'error', message: texts.register.failed, detail: errorDetail(error) }),
  });

  function onSendCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    const body = check(sendOtpRequestSchema, { email }, setEmailErrors);
    if (body) requestCode.mutate(body);
  }

  function onCreateAccount(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    const body = check(registerRequestSchema, { ...details, email, tc: true }, setDetailsErrors);
    if (body) createAccount.mutate(body);
  }

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
        {notice && <Banner {...notice} className="mb-5" />}
        <form ref={emailFormRef} noValidate onSubmit={onSendCode} className="space-y-4">
          <Field
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={emailErrors['email']}
          />
          <Button type="submit" className="w-full" loading={requestCode.isPending}>
            Send OTP
          </Button>
        </form>
        <OrDivider />
        <GoogleSignIn mode="register" onSignedIn={finish} onError={setNotice} />
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
      {notice && <Banner {...notice} className="mb-5" />}
      <form ref={detailsFormRef} noValidate onSubmit={onCreateAccount} className="space-y-4">
        <Field
          label="OTP"
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          value={details.otp}
          onChange={(event) => set('otp')(event.target.value)}
          error={detailsErrors['otp']}
        />
        <Field
          label="Full name"
          name="name"
          autoComplete="name"
          required
          value={details.name}
          onChange={(event) => set('name')(event.target.value)}
          error={detailsErrors['name']}
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
          error={detailsErrors['password']}
        />
        <Field
          label="Confirm password"
          type="password"
          name="password2"
          autoComplete="new-password"
          required
          value={details.password2}
          onChange={(event) => set('password2')(event.target.value)}
          error={detailsErrors['password2']}
        />
        <Button type="submit" className="w-full" loading={createAccount.isPending}>
          Create account
        </Button>
        <Button variant="ghost" className="w-full" onClick={backToEmail}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Email
        </Button>
      </form>
    </AuthLayout>
  );
}
