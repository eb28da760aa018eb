import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { appRoutes, forgotPasswordRequestSchema, texts } from '@um/contract';
import { Field } from '../../components/ui/Field';
import { check } from '../../lib/validation';
import { requestPasswordReset } from './api';
import { AuthLayout, linkClasses } from './AuthLayout';
import { SignInForm, useSignInForm } from './SignInForm';

export function ForgotPasswordPage() {
  // The address typed on the login page comes along, so it need not be typed twice.
  const carried = (useLocation().state as { email?: unknown } | null)?.email;
  const [email, setEmail] = useState(typeof carried === 'string' ? carried : '');
  const form = useSignInForm({
    check: (report) => check(forgotPasswordRequestSchema, { email }, report),
    send: requestPasswordReset,
    failed: texts.forgotPassword.failed,
    succeeded: texts.forgotPassword.sent,
  });

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
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={form.errors['email']}
        />
      </SignInForm>
    </AuthLayout>
  );
}
