/** What a record page shows instead of its record: not found, or the load failed (with retry). */
import { FormattedMessage } from 'react-intl';
import type { RouteDef } from '../../app/routes.ts';
import { EmptyState } from './EmptyState.tsx';
import { ErrorState } from './ErrorState.tsx';
import { PageFrame } from './PageFrame.tsx';

export function RecordUnavailable({ route, id, notFound, detail, onRetry }: {
  route: RouteDef;
  /** Left out where the breadcrumb must not echo an id the reader may not see. */
  id?: string;
  notFound: boolean;
  detail?: string;
  onRetry: () => void;
}) {
  return (
    <PageFrame route={route} id={id}>
      {notFound ? <EmptyState title={<FormattedMessage id="record.notFound" />} /> : <ErrorState detail={detail} onRetry={onRetry} />}
    </PageFrame>
  );
}
