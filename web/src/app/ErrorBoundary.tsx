import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { appRoutes } from '@um/contract';
import { ErrorFallback } from './ErrorFallback';

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
