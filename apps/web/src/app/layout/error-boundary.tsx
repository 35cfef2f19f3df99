import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function Fallback({ error, onRetry }: { error: Error; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <div className="error-screen" role="alert">
      <h1>{t('errors.oopsTitle')}</h1>
      <p>{t('errors.oopsBody')}</p>
      <details className="error-panel">
        <summary>{t('errors.somethingWrong')}</summary>
        <pre>{error.message}</pre>
      </details>
      <div className="button-row">
        <button type="button" className="button" onClick={() => window.location.reload()}>{t('errors.reload')}</button>
        <button type="button" className="button button-outline" onClick={onRetry}>{t('errors.tryAgain')}</button>
      </div>
    </div>
  );
}

/** The last line of defence: a render error shows a way out instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('render error', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <Fallback error={this.state.error} onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
