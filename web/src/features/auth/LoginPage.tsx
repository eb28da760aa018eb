import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { appRoutes, texts } from '@um/contract';
import type { TokenPair } from '@um/contract';
import type { Notice } from '../../components/ui/Banner';
import { Field } from '../../components/ui/Field';
import { bindFields, focusOnMount } from '../../lib/forms';
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

  const finish = async (tokens: TokenPair) => {
    await signIn(tokens);
    navigate(target, { replace: true });
  };

  const form = useSignInForm({
    check: async (report) => (await loadSignIn()).checkLogin(values, report),
    send: async (body) => {
      const answer = await (await loadSignIn()).login(body);
      // A second step to come: its screen has the challenge, and where to go after.
      if ('mfa_token' in answer) {
        navigate(appRoutes.secondStep, { state: { ...location.state, challenge: answer } });
      } else await finish(answer);
    },
    failed: texts.login.failed,
    // Why this tab is here, when the signed-in shell sent it (another tab signed out).
    sharedNotice: useState((location.state as { notice?: Notice } | null)?.notice ?? null),
  });
  const field = bindFields(values, setValues, form.errors);

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
      <SignInForm form={form} submit="Log in" onFocus={() => void loadSignIn()}>
        <Field
          // The one thing to do on this page is to sign in: the cursor starts where that begins.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          ref={focusOnMount}
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...field('email')}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          {...field('password')}
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
