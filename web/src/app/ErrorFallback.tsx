import { texts } from '@um/contract';
import { Button } from '../components/ui/Button';

/** 'Something went wrong' with 'Refresh Page' and 'Go to Dashboard'. */
export function ErrorFallback({ onGoHome }: { onGoHome: () => void }) {
  return (
    <div role="alert" className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="font-display text-2xl font-semibold">{texts.errorFallback.title}</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        This screen could not be shown. Refreshing usually fixes it.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>{texts.errorFallback.refresh}</Button>
        <Button variant="secondary" onClick={onGoHome}>
          {texts.errorFallback.home}
        </Button>
      </div>
    </div>
  );
}
