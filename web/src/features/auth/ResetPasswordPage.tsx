import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  RESET_REDIRECT_MS,
  appRoutes,
  everydayTexts,
  texts,
  resetPasswordRequestSchema,
} from '@um/contract';
import { Field } from '../../components/ui/Field';
import { bindFields } from '../../lib/forms';
import { check } from '../../lib/validation';
import { resetPassword } from './api/reset-password';
import { AuthLayout, linkClasses } from './AuthLayout';
import { SignInForm, useSignInForm } from './SignInForm';

export function ResetPasswordPage() {
  const { id = '', token = '' } = useParams();
  const navigate = useNavigate();
  const [values, setValues] = useState({ password: '', password2: '' });
  const form = useSignInForm({
    check: (report) => check(resetPasswordRequestSchema, values, report),
    send: (body) => resetPassword({ id, token }, body),
    failed: texts.resetPassword.failed,
    succeeded: texts.resetPassword.succeeded,
  });
  const field = bindFields(values, setValues, form.errors);

  // After a successful reset, the login page follows in 1.5 s: time to read that it worked.
  const done = form.succeeded;
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(
      () => navigate(appRoutes.login, { replace: true }),
      RESET_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  return (
    <AuthLayout
      title="Set a new password"
      subtitle="Choose a new password for your account."
      footer={
        <Link to={appRoutes.login} className={linkClasses}>
          Back to login
        </Link>
      }
    >
      <SignInForm
        form={form}
        submit="Reset password"
        done={done}
        after={
          // A used or expired link cannot work again: the way on is a new one.
          form.notice?.tone === 'error' && (
            <p className="text-center text-sm">
              <Link to={appRoutes.forgotPassword} className={linkClasses}>
                {everydayTexts.resetLinkAgain}
              </Link>
            </p>
          )
        }
      >
        <Field
          label="New password"
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
