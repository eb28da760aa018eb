import { useState } from 'react';
import type { FormEvent } from 'react';
import { secondStepTexts, totpConfirmRequestSchema } from '@um/contract';
import type { Notice } from '../../../components/ui/Banner';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { cardClasses } from '../../../components/ui/PageHeader';
import { QrCode } from '../../../components/ui/QrCode';
import { RecoveryCodes } from '../../../components/ui/RecoveryCodes';
import { errorDetail } from '../../../lib/api-client';
import { useFieldErrors } from '../../../lib/forms';
import { serverFieldErrors } from '../../../lib/server-errors';
import { check } from '../../../lib/validation';
import {
  beginTotpSetup,
  useConfirmTotp,
  useDisableTotp,
  useRenewRecoveryCodes,
  useSecondStep,
} from '../api/second-step';

const texts = secondStepTexts.profile;
const screen = secondStepTexts.screen;

type Stage =
  | { kind: 'idle' }
  | { kind: 'setup'; secret: string; otpauthUrl: string }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'password'; purpose: 'off' | 'codes' };

/**
 * Two-step sign-in with an authenticator app, from the profile (docs/web.md, "Two-step
 * sign-in"): set it up with a QR code and one code, see the recovery codes once, get new ones or
 * turn it off with the password.
 */
export function TwoStepSignIn({ onNotice }: { onNotice: (notice: Notice) => void }) {
  const status = useSecondStep();
  const confirm = useConfirmTotp();
  const disable = useDisableTotp();
  const renew = useRenewRecoveryCodes();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [value, setValue] = useState('');
  const [starting, setStarting] = useState(false);
  const { formRef, errors, setErrors } = useFieldErrors();
  const data = status.data;
  const failed = (error: unknown) =>
    onNotice({ tone: 'error', message: texts.failed, detail: errorDetail(error) });

  async function start() {
    setStarting(true);
    try {
      const setup = await beginTotpSetup();
      setValue('');
      setErrors({});
      setStage({ kind: 'setup', secret: setup.secret, otpauthUrl: setup.otpauth_url });
    } catch (error) {
      failed(error);
    } finally {
      setStarting(false);
    }
  }

  function onConfirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = check(totpConfirmRequestSchema, { code: value }, setErrors);
    if (!body) return;
    confirm.mutate(body.code, {
      onSuccess: ({ recovery_codes }) => {
        onNotice({ tone: 'success', message: texts.turnedOn });
        setStage({ kind: 'codes', codes: recovery_codes });
      },
      onError: (error) => {
        setErrors(serverFieldErrors(error));
        failed(error);
      },
    });
  }

  function onPassword(event: FormEvent<HTMLFormElement>, purpose: 'off' | 'codes') {
    event.preventDefault();
    if (!value) {
      setErrors({ password: 'Password is required.' });
      return;
    }
    const done = {
      onError: (error: unknown) => {
        setErrors(serverFieldErrors(error));
        failed(error);
      },
    };
    if (purpose === 'off') {
      disable.mutate(value, {
        ...done,
        onSuccess: () => {
          onNotice({ tone: 'success', message: texts.turnedOff });
          setStage({ kind: 'idle' });
        },
      });
    } else {
      renew.mutate(value, {
        ...done,
        onSuccess: ({ recovery_codes }) => setStage({ kind: 'codes', codes: recovery_codes }),
      });
    }
  }

  const askPassword = (purpose: 'off' | 'codes') => {
    setValue('');
    setErrors({});
    setStage({ kind: 'password', purpose });
  };

  return (
    <section aria-labelledby="two-step-heading" className={`${cardClasses} p-6`}>
      <h2 id="two-step-heading" className="font-display text-lg font-semibold">
        {texts.title}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{texts.description}</p>
      {status.isError && (
        <Banner
          tone="error"
          message={texts.loadFailed}
          detail={errorDetail(status.error)}
          className="mt-4"
        />
      )}
      {data && !data.has_password && <p className="mt-4 text-sm">{texts.ssoOnly}</p>}
      {data?.has_password && stage.kind === 'idle' && (
        <div className="mt-4 space-y-3 text-sm">
          <p>
            {data.totp && data.totp_enabled_at
              ? texts.on(new Date(data.totp_enabled_at).toLocaleDateString())
              : texts.off}{' '}
            {data.totp && texts.recoveryLeft(data.recovery_codes_left)}
          </p>
          {data.required && <p className="font-medium">{texts.required}</p>}
          <div className="flex flex-wrap gap-2">
            {data.totp ? (
              <>
                <Button size="sm" variant="secondary" onClick={() => askPassword('codes')}>
                  {texts.newCodes}
                </Button>
                <Button size="sm" variant="danger" onClick={() => askPassword('off')}>
                  {texts.turnOff}
                </Button>
              </>
            ) : (
              <Button size="sm" loading={starting} onClick={() => void start()}>
                {texts.setUp}
              </Button>
            )}
          </div>
        </div>
      )}
      {stage.kind === 'setup' && (
        <form ref={formRef} noValidate onSubmit={onConfirm} className="mt-4 space-y-3 text-sm">
          <p>{screen.scan}</p>
          <QrCode text={stage.otpauthUrl} label={screen.qrLabel} />
          <p>
            {screen.manualKey}{' '}
            <code className="font-mono break-all" data-testid="totp-secret">
              {stage.secret}
            </code>
          </p>
          <Field
            label={screen.code}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            value={value}
            error={errors['code']}
            onChange={(event) => setValue(event.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={confirm.isPending}>
              {screen.confirm}
            </Button>
            <Button variant="secondary" onClick={() => setStage({ kind: 'idle' })}>
              {texts.cancel}
            </Button>
          </div>
        </form>
      )}
      {stage.kind === 'codes' && (
        <div className="mt-4">
          <RecoveryCodes codes={stage.codes} onDone={() => setStage({ kind: 'idle' })} />
        </div>
      )}
      {stage.kind === 'password' && (
        <form
          ref={formRef}
          noValidate
          onSubmit={(event) => onPassword(event, stage.purpose)}
          className="mt-4 space-y-3 text-sm"
        >
          <p>{stage.purpose === 'off' ? texts.turnOffHelp : texts.newCodesHelp}</p>
          <Field
            label={texts.password}
            type="password"
            autoComplete="current-password"
            required
            value={value}
            error={errors['password']}
            onChange={(event) => setValue(event.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              type="submit"
              variant={stage.purpose === 'off' ? 'danger' : 'primary'}
              loading={disable.isPending || renew.isPending}
            >
              {stage.purpose === 'off' ? texts.turnOff : texts.newCodes}
            </Button>
            <Button variant="secondary" onClick={() => setStage({ kind: 'idle' })}>
              {texts.cancel}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
