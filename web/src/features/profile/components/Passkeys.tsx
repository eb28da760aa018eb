import { useState } from 'react';
import type { FormEvent } from 'react';
import { passkeyNameSchema, secondStepTexts } from '@um/contract';
import type { Passkey } from '@um/contract';
import type { Notice } from '../../../components/ui/Banner';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/Dialog';
import { Field } from '../../../components/ui/Field';
import { cardClasses } from '../../../components/ui/PageHeader';
import { errorDetail } from '../../../lib/api-client';
import { useFieldErrors } from '../../../lib/forms';
import { check } from '../../../lib/validation';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api/second-step';

const texts = secondStepTexts.passkeys;

/** The person's passkeys: add and name several, remove one (docs/web.md, "Passkeys"). */
export function Passkeys({ onNotice }: { onNotice: (notice: Notice) => void }) {
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState('');
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const { formRef, errors, setErrors } = useFieldErrors();
  const supported = typeof window.PublicKeyCredential === 'function';

  function onAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = check(passkeyNameSchema, name, (found) =>
      setErrors(found[''] ? { name: found[''] } : found),
    );
    if (checked === null) return;
    add.mutate(checked, {
      onSuccess: () => {
        setName('');
        onNotice({ tone: 'success', message: texts.added(checked) });
      },
      onError: (error) =>
        onNotice({ tone: 'error', message: texts.failed, detail: errorDetail(error) }),
    });
  }

  return (
    <section aria-labelledby="passkeys-heading" className={`${cardClasses} p-6`}>
      <h2 id="passkeys-heading" className="font-display text-lg font-semibold">
        {texts.title}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{texts.description}</p>
      {passkeys.isError && (
        <Banner
          tone="error"
          message={texts.loadFailed}
          detail={errorDetail(passkeys.error)}
          className="mt-4"
        />
      )}
      {passkeys.data?.length === 0 && <p className="mt-4 text-sm">{texts.empty}</p>}
      <ul className="mt-4 space-y-3">
        {(passkeys.data ?? []).map((passkey) => (
          <li key={passkey.id} className="flex flex-wrap items-center gap-3 text-sm">
            <div className="min-w-0 flex-1">
              <div className="font-medium break-words">{passkey.name}</div>
              <div className="text-slate-600 dark:text-slate-400">
                {texts.created} {new Date(passkey.created_at).toLocaleDateString()} ·{' '}
                {passkey.last_used_at
                  ? `${texts.lastUsed} ${new Date(passkey.last_used_at).toLocaleString()}`
                  : texts.never}
              </div>
            </div>
            <Button
              size="sm"
              variant="secondary"
              aria-label={texts.remove(passkey.name)}
              onClick={() => setRemoving(passkey)}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      {supported ? (
        <form ref={formRef} noValidate onSubmit={onAdd} className="mt-4 space-y-3">
          <Field
            label={texts.name}
            hint={texts.nameHint}
            required
            maxLength={60}
            value={name}
            error={errors['name']}
            onChange={(event) => setName(event.target.value)}
          />
          <Button type="submit" loading={add.isPending}>
            {texts.add}
          </Button>
        </form>
      ) : (
        <p className="mt-4 text-sm">{texts.unsupported}</p>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={removing ? texts.removeTitle(removing.name) : ''}
        message={texts.removeBody}
        confirmLabel="Remove"
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => onNotice({ tone: 'success', message: texts.removed }),
            onError: (error) =>
              onNotice({ tone: 'error', message: texts.failed, detail: errorDetail(error) }),
            onSettled: () => setRemoving(null),
          })
        }
      />
    </section>
  );
}
