// A render error must not leave a blank page: show `fallback` (the spec's fallback screen,
// passed in so components/ never imports screens/) instead.
import { Component, type ReactNode } from 'react';

export class ErrorBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('The page failed to render.', error);
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
