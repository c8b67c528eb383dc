import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportReactError } from './bridge/error-reports';
import { t } from '../ui/i18n';

/**
 * What stands in for the app when rendering it failed: a sentence and a way back (reloading
 * the window), instead of an empty window. The error goes to Perch's log.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportReactError(error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="placeholder" role="alert">
        <p>{t('errors.screenFailed')}</p>
        <button type="button" className="primary" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </button>
      </div>
    );
  }
}
