import { FormattedMessage } from 'react-intl';
import type { ServiceTerms } from '../../api/calls/services.ts';
import type { RelatedState } from '../ui/recordScreen.ts';
import { useRead } from '../ui/useRead.ts';

export type ReferenceData = ServiceTerms;

const NONE: ReferenceData = { categories: [], amenities: [], interests: [] };

/**
 * The shared terms a service is described with (categories and their children, amenities,
 * interests): short lists in their curated order, read once per form and again when one
 * of them changes.
 */
export function useReferenceData(): { terms: ReferenceData; read: RelatedState<ReferenceData> } {
  const read = useRead('servicesTerms', {}, { reloadOn: ['categories', 'amenities', 'interests'] });
  return { terms: read.data ?? NONE, read };
}

/** The terms could not be read: the form says so, with a retry, instead of offering empty choices. */
export function TermsFailed({ read }: { read: RelatedState<ReferenceData> }) {
  if (read.state !== 'failed') return null;
  return (
    <div className="notice notice-error" role="alert">
      <p>
        <FormattedMessage id="services.termsFailed" />
        {read.error.detail ? ` ${read.error.detail}` : ''}
      </p>
      <button type="button" className="button button-small" onClick={read.retry}>
        <FormattedMessage id="common.retry" />
      </button>
    </div>
  );
}
