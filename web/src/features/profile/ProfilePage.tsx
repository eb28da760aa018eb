import { useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { changePasswordRequestSchema } from '@um/contract';
import type { ChangePasswordRequest } from '@um/contract';
import { useNotice } from '../../components/ui/Banner';
import { NoticeArea } from '../../components/ui/NoticeArea';
import { Button } from '../../components/ui/Button';
import { EmailText } from '../../components/ui/EmailText';
import { Field } from '../../components/ui/Field';
import { PageHeader, cardClasses } from '../../components/ui/PageHeader';
import { errorDetail } from '../../lib/api-client';
import { useFieldErrors } from '../../lib/forms';
import { serverFieldErrors } from '../../lib/server-errors';
import { check } from '../../lib/validation';
import type { SessionUser } from '../../lib/session';
import { changePassword } from './api';

/** Texts the spec does not fix: it shows no profile screen (SPEC.md 2). */
export const profileTexts = {
  changed: 'Your password has been changed. Other devices have been signed out.',
  changeFailed: 'Failed to change password. Please try again.',
} as const;

const emptyForm = { current_password: '', password: '', password2: '' };

export function ProfilePage({ user }: { user: SessionUser }) {
  const [values, setValues] = useState(emptyForm);
  const { notice, show, clear } = useNotice();
  const { formRef, errors, setErrors } = useFieldErrors();

  const submit = useMutation({
    mutationFn: (body: ChangePasswordRequest) => changePassword(body),
    onSuccess: () => {
      setValues(emptyForm);
      show({ tone: 'success', message: profileTexts.changed });
    },
    onError: (error) => {
      // The server names the field it refused (a wrong current password): mark it there too.
      setErrors(serverFieldErrors(error));
      show({ tone: 'error', message: profileTexts.changeFailed, detail: errorDetail(error) });
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clear();
    const body = check(changePasswordRequestSchema, values, setErrors);
    if (body) submit.mutate(body);
  }

  const set = (field: keyof typeof emptyForm) => (value: string) =>
    setValues({ ...values, [field]: value });

  return (
    <>
      <PageHeader title="Profile" description="Your account details and password." />
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="account-heading" className={`${cardClasses} p-6`}>
          <h2 id="account-heading" className="font-display text-lg font-semibold">
            Account
          </h2>
          <dl className="mt-4 space-y-4 text-sm">
            <div>
              <dt className="text-slate-600 dark:text-slate-400">Name</dt>
              <dd className="mt-0.5 font-medium">{user.name || '—'}</dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-400">Email</dt>
              <dd className="mt-0.5 font-medium">
                <EmailText email={user.email} />
              </dd>
            </div>
          </dl>
        </section>
        <section aria-labelledby="password-heading" className={`${cardClasses} p-6`}>
          <h2 id="password-heading" className="font-display text-lg font-semibold">
            Change password
          </h2>
          <NoticeArea notice={notice} onDismiss={clear} />
          <form ref={formRef} noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
            <Field
              label="Current password"
              type="password"
              name="current_password"
              autoComplete="current-password"
              required
              value={values.current_password}
              onChange={(event) => set('current_password')(event.target.value)}
              error={errors['current_password']}
            />
            <Field
              label="New password"
              type="password"
              name="password"
              autoComplete="new-password"
              required
              hint="At least 8 characters."
              value={values.password}
              onChange={(event) => set('password')(event.target.value)}
              error={errors['password']}
            />
            <Field
              label="Confirm new password"
              type="password"
              name="password2"
              autoComplete="new-password"
              required
              value={values.password2}
              onChange={(event) => set('password2')(event.target.value)}
              error={errors['password2']}
            />
            <Button type="submit" loading={submit.isPending}>
              Change password
            </Button>
          </form>
        </section>
      </div>
    </>
  );
}
