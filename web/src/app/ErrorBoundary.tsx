import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { appRoutes, texts } from '@um/contract';
import { Button } from '../components/ui/Button';

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** A change (the path, inside the shell) clears the error, so moving on recovers. */
  resetKey?: string;
  /** How to reach the dashboard; without a router around, a full page load. */
  onGoHome?: () => void;
}

interface State {
  error: unknown;
  resetKey: string | undefined;
}

/** Catches a screen's rendering error (or its code failing to load) and shows the fallback. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: State): Partial<State> | null {
    if (props.resetKey === state.resetKey) return null;
    return { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A screen failed to render', error, info.componentStack);
  }

  private readonly goHome = () => {
    if (this.props.onGoHome) this.props.onGoHome();
    else window.location.assign(appRoutes.dashboard);
    this.setState({ error: null });
  };

  override render() {
    if (!this.state.error) return this.props.children;
    return <ErrorFallback onGoHome={this.goHome} />;
  }
}

/** SPEC.md 2: 'Something went wrong' with 'Refresh Page' and 'Go to Dashboard'. */
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
