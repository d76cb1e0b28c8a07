import { FormattedMessage } from 'react-intl';

export function ErrorState({ detail, onRetry }: { detail?: string; onRetry?: () => void }) {
  return (
    <div className="empty-state error-state" role="alert">
      <p className="empty-state-title">
        <FormattedMessage id="list.loadFailed" />
      </p>
      {detail && <p className="muted">{detail}</p>}
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          <FormattedMessage id="common.retry" />
        </button>
      )}
    </div>
  );
}
