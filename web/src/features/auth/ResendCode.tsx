import { useEffect, useState } from 'react';
import { MAIL_COOLDOWN_MS, everydayTexts } from '@um/contract';
import { Button } from '../../components/ui/Button';
import { codeJustSent, sendOtp } from './api/send-otp';

export interface ResendCodeProps {
  email: string;
  onSent: () => void;
  onFailed: (error: unknown) => void;
}

/**
 * Sends the sign-up code again. The server sends at most one code per address per 60 s, so the
 * button shows the wait itself, counted from when this step opened (the code was just sent) or
 * from the last resend; when the server says a code went out less than a minute ago all the
 * same, the wait starts again.
 */
export function ResendCode({ email, onSent, onFailed }: ResendCodeProps) {
  const [sentAt, setSentAt] = useState(() => Date.now());
  const [now, setNow] = useState(sentAt);
  const [sending, setSending] = useState(false);
  const wait = Math.max(0, Math.ceil((sentAt + MAIL_COOLDOWN_MS - now) / 1000));

  useEffect(() => {
    if (wait === 0) return;
    const timer = window.setTimeout(() => setNow(Date.now()), 1000);
    return () => window.clearTimeout(timer);
  }, [now, wait]);

  async function resend() {
    setSending(true);
    try {
      await sendOtp({ email });
      const at = Date.now();
      setSentAt(at);
      setNow(at);
      onSent();
    } catch (error) {
      // Another tab (or a clock that ran ahead) asked within the minute: wait again from now.
      if (codeJustSent(error) !== null) {
        const at = Date.now();
        setSentAt(at);
        setNow(at);
      }
      onFailed(error);
    } finally {
      setSending(false);
    }
  }

  return (
    <Button
      variant="ghost"
      className="w-full"
      disabled={wait > 0}
      loading={sending}
      onClick={() => void resend()}
    >
      {wait > 0 ? everydayTexts.resend.wait(wait) : everydayTexts.resend.button}
    </Button>
  );
}
