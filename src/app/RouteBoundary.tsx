import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RouteErrorPage } from '../features/errors/RouteErrorPage';

interface Props {
  /** A new key (the path) clears the error, so moving on recovers. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  resetKey: string;
}

/** Catches what a page throws while rendering (a chunk that fails to load, a bug) and shows the error page. */
export class RouteBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('route error', error, info.componentStack);
  }

  render() {
    return this.state.error ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}
