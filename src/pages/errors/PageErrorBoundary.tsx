import { Component, type ErrorInfo, type ReactNode } from 'react';
import { OpsPage } from './OpsPage';

interface State {
  error: unknown;
  errorInfo?: ErrorInfo;
  failed: boolean;
}

/**
 * Around each routed page: a render error shows the Ops page in the layout (menu and top bar stay)
 * and is logged by it. Leaving the page, or Back from the first page, clears the error.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: undefined, failed: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  componentDidCatch(_error: unknown, errorInfo: ErrorInfo) {
    this.setState({ errorInfo });
  }

  reset = () => this.setState({ error: undefined, errorInfo: undefined, failed: false });

  render() {
    if (!this.state.failed) return this.props.children;
    return <OpsPage error={this.state.error} errorInfo={this.state.errorInfo} resetErrorBoundary={this.reset} />;
  }
}
