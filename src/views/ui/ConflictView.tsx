import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** A stale save: the user's draft and the current record side by side, neither lost. */
export function ConflictView({
  mine,
  theirs,
  onKeepMine,
  onTakeTheirs,
  messageId = 'record.conflictGeneric',
}: {
  mine: ReactNode;
  theirs: ReactNode;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
  /** What to call the record in the explanation ("this booking", "this record"). */
  messageId?: string;
}) {
  return (
    <div className="conflict" role="alert">
      <p>
        <FormattedMessage id={messageId} />
      </p>
      <div className="conflict-columns">
        <figure>
          <figcaption><FormattedMessage id="record.yourVersion" /></figcaption>
          <div className="notes">{mine || '—'}</div>
          <button type="button" className="button button-primary" onClick={onKeepMine}>
            <FormattedMessage id="record.keepMine" />
          </button>
        </figure>
        <figure>
          <figcaption><FormattedMessage id="record.theirVersion" /></figcaption>
          <div className="notes">{theirs || '—'}</div>
          <button type="button" className="button" onClick={onTakeTheirs}>
            <FormattedMessage id="record.takeTheirs" />
          </button>
        </figure>
      </div>
    </div>
  );
}
