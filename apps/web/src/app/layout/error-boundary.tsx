import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useRouteError } from 'react-router';

function ErrorScreen({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <div className="error-screen" role="alert" data-testid="error-screen">
      <h1>{t('errors.oopsTitle')}</h1>
      <p>{t('errors.oopsBody')}</p>
      <details className="error-panel">
        <summary>{t('errors.somethingWrong')}</summary>
        <pre>{error instanceof Error ? error.message : String(error)}</pre>
      </details>
      <div className="button-row">
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </button>
        <button type="button" className="button button-outline" onClick={onRetry}>
          {t('errors.tryAgain')}
        </button>
      </div>
    </div>
  );
}

/** Around the page: a render error keeps the header and sidebar and offers a way out. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('render error', error, info.componentStack);
  }

  override render() {
    if (this.state.error)
      return <ErrorScreen error={this.state.error} onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}

/** The router's last resort, when the shell itself failed: Try Again renders the same address anew. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  return <ErrorScreen error={error} onRetry={() => navigate(location, { replace: true })} />;
}
