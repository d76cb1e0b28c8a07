/** One labelled fact of a record page (a row of a `<dl className="facts">`); a dash when empty. */
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

const dash = <span className="muted">—</span>;

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="facts-row">
      <dt>
        <FormattedMessage id={label} />
      </dt>
      <dd>{children ?? dash}</dd>
    </div>
  );
}
