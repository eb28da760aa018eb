import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { appRoutes, forgotPasswordRequestSchema, texts } from '@um/contract';
import { Field } from '../../components/ui/Field';
import { bindFields } from '../../lib/forms';
import { check } from '../../lib/validation';
import { requestPasswordReset } from './api/request-password-reset';
import { AuthLayout, linkClasses } from './AuthLayout';
import { SignInForm, useSignInForm } from './SignInForm';

export function ForgotPasswordPage() {
  // The address typed on the login page comes along, so it need not be typed twice.
  const carried = (useLocation().state as { email?: unknown } | null)?.email;
  const [values, setValues] = useState({ email: typeof carried === 'string' ? carried : '' });
  const form = useSignInForm({
    check: (report) => check(forgotPasswordRequestSchema, values, report),
    send: requestPasswordReset,
    failed: texts.forgotPassword.failed,
    succeeded: texts.forgotPassword.sent,
  });
  const field = bindFields(values, setValues, form.errors);

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter your e-mail address and we will send you a link to choose a new one."
      footer={
        <Link to={appRoutes.login} className={linkClasses}>
          Back to login
        </Link>
      }
    >
      <SignInForm form={form} submit="Send reset link">
        <Field label="Email" type="email" autoComplete="email" required {...field('email')} />
      </SignInForm>
    </AuthLayout>
  );
}
