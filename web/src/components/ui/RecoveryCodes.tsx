import { useState } from 'react';
import { secondStepTexts } from '@um/contract';
import { Button } from './Button';
import { saveFile } from '../../lib/save-file';

const texts = secondStepTexts.screen;

/** The recovery codes, shown once, with ways to keep them: copy, download, then continue. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;
  return (
    <div className="space-y-4">
      <h2 className="font-display text-lg font-semibold">{texts.recoveryTitle}</h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">{texts.recoveryHelp}</p>
      <ul
        aria-label={texts.recoveryTitle}
        className="grid grid-cols-2 gap-2 rounded-xl bg-slate-100 p-4 font-mono text-sm dark:bg-slate-800"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            void navigator.clipboard.writeText(text).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? texts.copied : texts.copyCodes}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => saveFile(new Blob([text], { type: 'text/plain' }), 'recovery-codes.txt')}
        >
          {texts.downloadCodes}
        </Button>
      </div>
      <Button onClick={onDone}>{texts.savedContinue}</Button>
    </div>
  );
}
