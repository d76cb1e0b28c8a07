import { Component, type ReactNode } from 'react';

/**
 * Catches a page that throws while rendering and reports it, so the shell stays up and
 * the error page shows instead. Keyed by location by its parent, so it resets on navigation.
 */
export class PageErrorBoundary extends Component<
  { onError: (error: Error) => void; children: ReactNode },
  { failed: boolean }
> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error) {
    this.props.onError(error);
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}
