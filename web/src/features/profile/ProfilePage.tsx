import { useState } from 'react';
import type { FormEvent } from 'react';
import { changePasswordRequestSchema } from '@um/contract';
import { useNotice } from '../../components/ui/Banner';
import { NoticeArea } from '../../components/ui/NoticeArea';
import { Button } from '../../components/ui/Button';
import { EmailText } from '../../components/ui/EmailText';
import { Field } from '../../components/ui/Field';
import { PageHeader, cardClasses } from '../../components/ui/PageHeader';
import { errorDetail } from '../../lib/api-client';
import { bindFields, useFieldErrors } from '../../lib/forms';
import { serverFieldErrors } from '../../lib/server-errors';
import { check } from '../../lib/validation';
import type { SessionUser } from '../../lib/session';
import { useChangePassword } from './api/change-password';
import { Passkeys } from './components/Passkeys';
import { RecentActivity } from './components/RecentActivity';
import { TwoStepSignIn } from './components/TwoStepSignIn';
import { SignedInDevices } from './components/SignedInDevices';

/** Texts the spec does not fix: it names the profile route but shows no screen for it. */
export const profileTexts = {
  changed: 'Your password has been changed. Other devices have been signed out.',
  changeFailed: 'Failed to change password. Please try again.',
} as const;

const emptyForm = { current_password: '', password: '', password2: '' };

export function ProfilePage({ user }: { user: SessionUser }) {
  const [values, setValues] = useState(emptyForm);
  const { notice, show, clear } = useNotice();
  const { formRef, errors, setErrors } = useFieldErrors();

  const submit = useChangePassword();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clear();
    const body = check(changePasswordRequestSchema, values, setErrors);
    if (!body) return;
    submit.mutate(body, {
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
  }

  const field = bindFields(values, setValues, errors);

  return (
    <>
      <PageHeader
        title="Profile"
        description="Your account details, password, second step, passkeys, devices and recent activity."
      />
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
              autoComplete="current-password"
              required
              {...field('current_password')}
            />
            <Field
              label="New password"
              type="password"
              autoComplete="new-password"
              required
              hint="At least 8 characters."
              {...field('password')}
            />
            <Field
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              required
              {...field('password2')}
            />
            <Button type="submit" loading={submit.isPending}>
              Change password
            </Button>
          </form>
        </section>
        <TwoStepSignIn onNotice={show} />
        <Passkeys onNotice={show} />
        <SignedInDevices onNotice={show} />
        <RecentActivity />
      </div>
    </>
  );
}
