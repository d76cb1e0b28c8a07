import { useMachine, useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback } from 'react';
import { FormattedMessage } from 'react-intl';
import { sessionActor } from '../../app/actors.ts';
import type { PageProps } from '../../app/routes.ts';
import { usePageReady } from '../../app/pageReady.ts';
import { useRealtimeEvents, type RealtimeEvent } from '../../app/realtime.ts';
import { DASHBOARD_PERIODS } from '../../../common/dashboard.ts';
import { dashboardMachine } from '../../machines/dashboard.ts';
import { PageFrame } from '../ui/PageFrame.tsx';
import { ActionQueue } from './ActionQueue.tsx';
import { Departures } from './Departures.tsx';
import { KpiCards } from './KpiCards.tsx';
import { SetupChecklist } from './SetupChecklist.tsx';
import { WorkQueue } from './WorkQueue.tsx';
import { isStaff } from '../../app/permissions.ts';

/** uPlot and the charts: their own chunk, fetched once the figures are on screen. */
const DashboardCharts = lazy(() => import('./charts/DashboardCharts.tsx'));

/** The collections whose changes move the dashboard's figures. */
const COUNTED = new Set(['bookings', 'payments', 'refunds', 'reviews']);

/** Home: what needs doing today, for staff over the marketplace and for vendor staff over their own. */
export default function HomePage({ route }: PageProps) {
  const user = useSelector(sessionActor, (s) => s.context.user);
  const [snapshot, send] = useMachine(dashboardMachine, { input: {} });
  const { data, error, period } = snapshot.context;
  usePageReady(data !== null || snapshot.matches('failed'));
  useRealtimeEvents(
    useCallback((event: RealtimeEvent) => {
      // A reset: the stream could not replay what was missed, so everything is read again.
      if (event.type === 'reset' || (event.collection && COUNTED.has(event.collection))) send({ type: 'changed' });
    }, [send]),
    { type: 'record' },
  );
  const setupLeft = data?.setup?.some((step) => !step.done) ?? false;
  return (
    <PageFrame route={route}>
      <p className="lead">
        <FormattedMessage id="home.welcome" values={{ name: user?.name ?? '' }} />
      </p>
      {!data && snapshot.matches('loading') && (
        <p className="muted" role="status">
          <FormattedMessage id="home.loading" />
        </p>
      )}
      {error && (
        <div className="notice notice-error" role="alert">
          <FormattedMessage id="home.failed" values={{ detail: error }} />{' '}
          <button type="button" className="button" onClick={() => send({ type: 'retry' })}>
            <FormattedMessage id="common.retry" />
          </button>
        </div>
      )}
      {data && (
        <div className="dashboard" aria-busy={snapshot.matches('loading')}>
          {setupLeft && data.setup && <SetupChecklist steps={data.setup} />}
          <KpiCards data={data} />
          <div className="dashboard-columns">
            <Departures departures={data.departures} bookings={data.departures_bookings} />
            <WorkQueue actions={data.actions} />
          </div>
          {isStaff(user) && <ActionQueue />}
          <section className="card dashboard-charts" aria-labelledby="charts-title">
            <div className="dashboard-charts-head">
              <h2 id="charts-title">
                <FormattedMessage id="home.charts.title" />
              </h2>
              <div role="group" className="segmented" aria-labelledby="charts-title">
                {DASHBOARD_PERIODS.map((days) => (
                  <button key={days} type="button" className="button button-ghost" aria-pressed={period === days} onClick={() => send({ type: 'period.set', period: days })}>
                    <FormattedMessage id="home.charts.period" values={{ days }} />
                  </button>
                ))}
              </div>
            </div>
            <Suspense fallback={<p className="muted"><FormattedMessage id="home.loading" /></p>}>
              <DashboardCharts data={data} />
            </Suspense>
          </section>
        </div>
      )}
    </PageFrame>
  );
}
