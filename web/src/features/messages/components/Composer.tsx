import { useLayoutEffect, useRef } from 'react';
import type { FormEvent } from 'react';
import { LIMITS, messageInputSchema } from '@um/contract';
import Send from 'lucide-react/icons/send';
import { Button } from '../../../components/ui/Button';
import { TextAreaField } from '../../../components/ui/Field';
import { useUnsavedForm } from '../../../components/ui/useUnsavedForm';
import { bindFields, useFieldErrors } from '../../../lib/forms';
import { serverFieldErrors } from '../../../lib/server-errors';
import { check } from '../../../lib/validation';
import { useSendMessage } from '../api/send-message';

export interface ComposerProps {
  onSent: () => void;
  onFailed: (error: unknown) => void;
  onCancel: () => void;
}

/** Writes a message to every staff member; blank content gets the spec's message. */
export function Composer({ onSent, onFailed, onCancel }: ComposerProps) {
  const { values, setValues, extras } = useUnsavedForm('message', undefined, { content: '' });
  const { formRef, errors, setErrors } = useFieldErrors();
  const box = useRef<HTMLTextAreaElement>(null);
  const send = useSendMessage();

  // On the render that shows it: Preact runs a plain effect only after the next paint.
  useLayoutEffect(() => box.current?.focus(), []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = check(messageInputSchema, values, setErrors);
    if (!parsed) return;
    send.mutate(parsed.content, {
      onSuccess: onSent,
      onError: (error) => {
        setErrors(serverFieldErrors(error));
        onFailed(error);
      },
    });
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      {extras}
      <TextAreaField
        ref={box}
        label="Message"
        rows={4}
        required
        maxLength={LIMITS.messageMax}
        hint="Every staff member receives it."
        {...bindFields(values, setValues, errors)('content')}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={send.isPending}>
          <Send aria-hidden="true" className="size-4" />
          Send
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={send.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
