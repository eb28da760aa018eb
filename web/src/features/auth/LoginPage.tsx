import { useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { appRoutes, texts } from '@um/contract';
import type { LoginRequest, TokenPair } from '@um/contract';
import { Banner } from '../../components/ui/Banner';
import type { Notice } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { errorDetail } from '../../lib/api-client';
import { useFieldErrors } from '../../lib/forms';
import { AuthLayout, OrDivider, linkClasses } from './AuthLayout';
import { GoogleSignIn } from './GoogleSignIn';
import { pathAfterSignIn } from './redirect';
import { useAuth } from './session';

const loadSignIn = () => import('./sign-in');

export function LoginPage() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const target = pathAfterSignIn(location.state);
  const [values, setValues] = useState({ email: '', password: '' });
  const [notice, setNotice] = useState<Notice | null>(null);
  const { formRef, errors, setErrors } = useFieldErrors();

  const finish = async (tokens: TokenPair) => {
    await signIn(tokens);
    navigate(target, { replace: true });
  };

  const submit = useMutation({
    mutationFn: async (body: LoginRequest) => {
      const { login } = await loadSignIn();
      await finish(await login(body));
    },
    onError: (error) =>
      setNotice({ tone: 'error', message: texts.login.failed, detail: errorDetail(error) }),
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    try {
      const { checkLogin } = await loadSignIn();
      const body = checkLogin(values, setErrors);
      if (body) submit.mutate(body);
    } catch {
      // The validation's code could not be fetched (offline, or a new version was deployed).
      setNotice({ tone: 'error', message: texts.login.failed });
    }
  }

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
      {notice && <Banner {...notice} className="mb-5" />}
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        onFocus={() => void loadSignIn()}
        className="space-y-4"
      >
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={(event) => setValues({ ...values, email: event.target.value })}
          error={errors['email']}
        />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={values.password}
          onChange={(event) => setValues({ ...values, password: event.target.value })}
          error={errors['password']}
        />
        <div className="flex justify-end">
          <Link to={appRoutes.forgotPassword} className={`text-sm ${linkClasses}`}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" loading={submit.isPending}>
          Log in
        </Button>
      </form>
      <OrDivider />
      <GoogleSignIn mode="login" onSignedIn={finish} onError={setNotice} />
    </AuthLayout>
  );
}
