import { shallowEqual, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { navigationActor } from '../../app/actors.ts';
import { selectProgressBar } from '../../machines/navigation.ts';

export function ProgressBar() {
  const intl = useIntl();
  const bar = useSelector(navigationActor, selectProgressBar, shallowEqual);
  return (
    <div
      className="progress"
      data-visible={bar.visible || undefined}
      data-failed={bar.failed || undefined}
      role="progressbar"
      aria-label={intl.formatMessage({ id: 'shell.loading' })}
      aria-hidden={!bar.visible}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(bar.progress * 100)}
    >
      <div className="progress-fill" style={{ inlineSize: `${bar.progress * 100}%` }} />
    </div>
  );
}
