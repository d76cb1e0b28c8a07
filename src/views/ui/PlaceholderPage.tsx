import { FormattedMessage } from 'react-intl';
import type { PageProps } from '../../app/routes.ts';
import { usePageReady } from '../../app/pageReady.ts';
import { EmptyState } from './EmptyState.tsx';
import { PageFrame } from './PageFrame.tsx';

/** The frame of a screen whose contents are not built yet: title, breadcrumb, sidebar entry. */
export function PlaceholderPage({ route, params }: PageProps) {
  usePageReady();
  return (
    <PageFrame route={route} id={params.id}>
      <EmptyState title={<FormattedMessage id="page.placeholderTitle" />}>
        <p className="muted">
          <FormattedMessage id="page.placeholderBody" />
        </p>
      </EmptyState>
    </PageFrame>
  );
}
