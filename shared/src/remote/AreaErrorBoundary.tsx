import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { AreaError } from './AreaError';

interface Props {
  name: string;
  children: ReactNode;
  onError?(error: Error, info: ErrorInfo): void;
}

interface State {
  error: Error | null;
  attempt: number;
}

/** Keeps a render crash inside its area; "retry" remounts the area's tree from scratch. */
export class AreaErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  private readonly retry = () => this.setState((state) => ({ error: null, attempt: state.attempt + 1 }));

  override render() {
    if (this.state.error) return <AreaError name={this.props.name} kind="crashed" onRetry={this.retry} />;
    return <div key={this.state.attempt} style={{ display: 'contents' }}>{this.props.children}</div>;
  }
}
