import { Alert } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import i18next from 'i18next';

interface State {
  error: Error | null;
}

/**
 * The floor screens need the browser's offline store; where it cannot be opened (a private
 * window, storage turned off) the page says so instead of failing as a whole.
 */
export class FloorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Alert color="red" role="alert" title={i18next.t('floor:frame.storageFailed')}>
        {this.state.error.message}
      </Alert>
    );
  }
}
