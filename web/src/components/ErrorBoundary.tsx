// A render error must not leave a blank page: show the spec's fallback screen instead.
import { Component, type ReactNode } from 'react';
import { FallbackScreen } from '../screens/FallbackScreen';

export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('The page failed to render.', error);
  }

  render() {
    return this.state.failed ? <FallbackScreen /> : this.props.children;
  }
}
