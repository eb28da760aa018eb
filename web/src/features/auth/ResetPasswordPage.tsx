import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { RESET_REDIRECT_MS, appRoutes, texts, resetPasswordRequestSchema } from '@um/contract';
import type { ResetPasswordRequest } from '@um/contract';
import { Banner } from '../../components/ui/Banner';
import type { Notice } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { errorDetail } from '../../lib/api-client';
import { useFieldErrors } from '../../lib/forms';
import { check } from '../../lib/validation';
import { resetPassword } from './api';
import { AuthLayout, linkClasses } from './AuthLayout';

export function ResetPasswordPage() {
  const { id = '', token = '' } = useParams();
  const navigate = useNavigate();
  const [values, setValues] = useState({ password: '', password2: '' });
  const [notice, setNotice] = useState<Notice | null>(null);
  const { formRef, errors, setErrors } = useFieldErrors();

  const submit = useMutation({
    mutationFn: (body: ResetPasswordRequest) => resetPassword({ id, token }, body),
    onSuccess: () => setNotice({ tone: 'success', message: texts.resetPassword.succeeded }),
    onError: (error) =>
      setNotice({
        tone: 'error',
        message: texts.resetPassword.failed,
        detail: errorDetail(error),
      }),
  });

  // SPEC.md 4: after a successful reset, the login page follows in 1.5 s.
  const done = submit.isSuccess;
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(
      () => navigate(appRoutes.login, { replace: true }),
      RESET_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    const body = check(resetPasswordRequestSchema, values, setErrors);
    if (body) submit.mutate(body);
  }

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
      {notice && <Banner {...notice} className="mb-5" />}
      <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
        <Field
          label="New password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          hint="At least 8 characters."
          value={values.password}
          onChange={(event) => setValues({ ...values, password: event.target.value })}
          error={errors['password']}
        />
        <Field
          label="Confirm password"
          type="password"
          name="password2"
          autoComplete="new-password"
          required
          value={values.password2}
          onChange={(event) => setValues({ ...values, password2: event.target.value })}
          error={errors['password2']}
        />
        <Button type="submit" className="w-full" loading={submit.isPending} disabled={done}>
          Reset password
        </Button>
      </form>
    </AuthLayout>
  );
}
