import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { appRoutes, signedOutElsewhereText, texts } from '@um/contract';
import type { TokenPair } from '@um/contract';
import { Banner } from '../../components/ui/Banner';
import { Field } from '../../components/ui/Field';
import { AuthLayout, OrDivider, linkClasses } from './AuthLayout';
import { LazyGoogleSignIn } from './LazyGoogleSignIn';
import { pathAfterSignIn } from './redirect';
import { useAuth } from './session';
import { SignInForm, useSignInForm } from './SignInForm';

const loadSignIn = () => import('./sign-in');

export function LoginPage() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const target = pathAfterSignIn(location.state);
  const [values, setValues] = useState({ email: '', password: '' });
  const emailInput = useRef<HTMLInputElement>(null);

  // The one thing to do here is type an e-mail address.
  useEffect(() => emailInput.current?.focus(), []);

  const finish = async (tokens: TokenPair) => {
    await signIn(tokens);
    navigate(target, { replace: true });
  };

  const form = useSignInForm({
    check: async (report) => (await loadSignIn()).checkLogin(values, report),
    send: async (body) => finish(await (await loadSignIn()).login(body)),
    failed: texts.login.failed,
  });

  return (
    <AuthLayout
      title="Log in"
      subtitle="Welcome back. Sign in to manage students, standards and messages."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to={appRoutes.register} className={linkClasses}>
            Sign up
          </Link>
        </>
      }
    >
      {!form.notice && (location.state as { elsewhere?: unknown } | null)?.elsewhere === true && (
        <Banner tone="info" message={signedOutElsewhereText} className="mb-5" />
      )}
      <SignInForm form={form} submit="Log in" onFocus={() => void loadSignIn()}>
        <Field
          ref={emailInput}
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={(event) => setValues({ ...values, email: event.target.value })}
          error={form.errors['email']}
        />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={values.password}
          onChange={(event) => setValues({ ...values, password: event.target.value })}
          error={form.errors['password']}
        />
        <div className="flex justify-end">
          <Link
            to={appRoutes.forgotPassword}
            state={{ email: values.email }}
            className={`text-sm ${linkClasses}`}
          >
            Forgot password?
          </Link>
        </div>
      </SignInForm>
      <OrDivider />
      <LazyGoogleSignIn mode="login" onSignedIn={finish} onError={form.setNotice} />
    </AuthLayout>
  );
}
