import { useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { appRoutes, forgotPasswordRequestSchema, texts } from '@um/contract';
import type { ForgotPasswordRequest } from '@um/contract';
import { Banner } from '../../components/ui/Banner';
import type { Notice } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { errorDetail } from '../../lib/api-client';
import { useFieldErrors } from '../../lib/forms';
import { check } from '../../lib/validation';
import { requestPasswordReset } from './api';
import { AuthLayout, linkClasses } from './AuthLayout';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const { formRef, errors, setErrors } = useFieldErrors();

  const submit = useMutation({
    mutationFn: (body: ForgotPasswordRequest) => requestPasswordReset(body),
    onSuccess: () => setNotice({ tone: 'success', message: texts.forgotPassword.sent }),
    onError: (error) =>
      setNotice({
        tone: 'error',
        message: texts.forgotPassword.failed,
        detail: errorDetail(error),
      }),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    const body = check(forgotPasswordRequestSchema, { email }, setErrors);
    if (body) submit.mutate(body);
  }

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
      {notice && <Banner {...notice} className="mb-5" />}
      <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors['email']}
        />
        <Button type="submit" className="w-full" loading={submit.isPending}>
          Send reset link
        </Button>
      </form>
    </AuthLayout>
  );
}
