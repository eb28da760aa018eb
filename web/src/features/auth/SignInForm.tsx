import { useLayoutEffect, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Banner } from '../../components/ui/Banner';
import type { Notice } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { errorDetail } from '../../lib/api-client';
import { useHydrated } from '../../lib/hydrated';
import { useFocusFirstInvalid } from '../../lib/forms';
import type { FieldErrors } from '../../lib/forms';

export interface SignInFormOptions<Body> {
  /**
   * Checks what was typed and returns what to send, or null once the field errors are
   * reported. May load the validation's code first.
   */
  check: (report: (errors: FieldErrors) => void) => Body | null | Promise<Body | null>;
  /** Sends it; a failure shows `failed` with the server's detail. */
  send: (body: Body) => Promise<unknown>;
  /** The spec's message for a failure. */
  failed: string;
  /** The spec's message for a success, if the screen stays to show one. */
  succeeded?: string;
  onSucceeded?: (body: Body) => void;
  /** A notice shared with another form of the same screen; by default the form has its own. */
  sharedNotice?: [Notice | null, (notice: Notice | null) => void];
}

export interface SignInFormState {
  errors: FieldErrors;
  notice: Notice | null;
  setNotice: (notice: Notice | null) => void;
  /** Sent and not yet answered: the submit button shows it and a second submit waits. */
  pending: boolean;
  succeeded: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * What the sign-in screens' forms share: the notice above the form, the field errors (focus
 * moves to the first), and one submit at a time, from the first Enter on: the form is on
 * screen only once its code is, and a submit waits for whatever it still has to load.
 */
export function useSignInForm<Body>({
  check,
  send,
  failed,
  succeeded: succeededMessage,
  onSucceeded,
  sharedNotice,
}: SignInFormOptions<Body>): SignInFormState {
  const [errors, setErrors] = useState<FieldErrors>({});
  const ownNotice = useState<Notice | null>(null);
  const [notice, setNotice] = sharedNotice ?? ownNotice;
  const [status, setStatus] = useState<'idle' | 'pending' | 'succeeded'>('idle');
  const busy = useRef(false);

  async function submit() {
    if (busy.current) return;
    busy.current = true;
    setNotice(null);
    try {
      const body = await check(setErrors);
      if (body === null) return;
      setStatus('pending');
      await send(body);
      setStatus('succeeded');
      if (succeededMessage) setNotice({ tone: 'success', message: succeededMessage });
      onSucceeded?.(body);
    } catch (error) {
      setStatus('idle');
      setNotice({ tone: 'error', message: failed, detail: errorDetail(error) });
    } finally {
      busy.current = false;
    }
  }

  return {
    errors,
    notice,
    setNotice,
    pending: status === 'pending',
    succeeded: status === 'succeeded',
    onSubmit: (event) => {
      event.preventDefault();
      void submit();
    },
  };
}

export interface SignInFormProps {
  form: SignInFormState;
  /** The submit button's label. */
  submit: string;
  /** Disables the submit button, as once a reset has succeeded. */
  done?: boolean;
  onFocus?: () => void;
  children: ReactNode;
  /** What follows the submit button inside the form, such as a way back. */
  after?: ReactNode;
}

/** The notice, the form and its full-width submit button, as every sign-in screen shows them. */
export function SignInForm({ form, submit, done, onFocus, children, after }: SignInFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const prerendered = useRef(!hydrated);
  useFocusFirstInvalid(formRef, form.errors);
  // The pre-rendered field marked autofocus could take no focus while its fieldset was
  // disabled; it takes it in the render that enables it, unless the person has already moved
  // elsewhere.
  useLayoutEffect(() => {
    if (hydrated && prerendered.current && document.activeElement === document.body) {
      formRef.current?.querySelector<HTMLElement>('[autofocus]')?.focus();
    }
  }, [hydrated]);
  return (
    <>
      {form.notice && <Banner {...form.notice} className="mb-5" />}
      <form ref={formRef} noValidate onSubmit={form.onSubmit} onFocus={onFocus}>
        {/* The pre-rendered form is on screen before its code: until the code runs it takes no
            typing and no Enter, which the browser would otherwise send itself, in the address. */}
        <fieldset disabled={!hydrated} className="min-w-0 space-y-4">
          {children}
          <Button type="submit" className="w-full" loading={form.pending} disabled={done}>
            {submit}
          </Button>
          {after}
        </fieldset>
      </form>
    </>
  );
}
