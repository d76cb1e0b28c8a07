import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { toast } from 'sonner';
import { useLocation } from 'wouter';
import { actAsActor } from '../../app/actAsActor.ts';
import { onAnyRequestFailure } from '../../app/actors.ts';
import { useRealtimeEvents } from '../../app/realtimeEvents.ts';
import { pathOf, routeByKey } from '../../app/routes.ts';
import { clockMachine } from '../../machines/shell/clock.ts';

/**
 * While staff act as a vendor: whose view this is, the time left, and the way back. Going
 * back, the time running out or the server refusing the session (403 `act_as_ended`)
 * return to the staff view, on the vendor's page.
 */
export function ActAsBanner() {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const acting = useSelector(actAsActor, (s) => (s.matches('acting') || s.matches('closing') ? s.context.acting : null));
  const closing = useSelector(actAsActor, (s) => s.matches('closing'));
  useEffect(
    () =>
      // Every failure, also a list's or a form's that shows its own error: the chart decides.
      onAnyRequestFailure((error) =>
        actAsActor.send({ type: 'request.failed', status: error.status, code: (error.body as { code?: string } | null)?.code ?? null }),
      ),
    [],
  );
  // The server ends acting at once when the vendor is suspended or the staff member loses access.
  useRealtimeEvents(
    (event) => {
      if (event.action === 'ended' && event.record_id) actAsActor.send({ type: 'ended.announced', sessionId: event.record_id });
    },
    { type: 'record', collection: 'act-as-sessions' },
  );
  useEffect(() => {
    const ended = actAsActor.on('ended', (event) => {
      toast.info(intl.formatMessage({ id: event.why === 'expired' ? 'access.actAs.expired' : 'access.actAs.refused' }));
    });
    return () => ended.unsubscribe();
  }, [intl]);
  useEffect(() => {
    // Leaving the vendor view, for whatever reason, lands on that vendor's page as staff.
    if (!acting) return;
    const vendorPage = pathOf(routeByKey('vendorDetail'), acting.vendor_id);
    const left = actAsActor.subscribe((s) => {
      if (s.matches('staff')) navigate(vendorPage);
    });
    return () => left.unsubscribe();
  }, [acting?.id]);

  if (!acting) return null;
  return (
    <div className="act-as-banner" role="region" aria-label={intl.formatMessage({ id: 'access.actAs.bannerLabel' })}>
      <p>
        <span className="act-as-who">
          <FormattedMessage id="access.actAs.viewing" values={{ vendor: (
              // An island of its own: a Latin name keeps its order in an Arabic sentence.
              <strong title={acting.vendor_name}>
                <bdi>{acting.vendor_name}</bdi>
              </strong>
            ) }} />
        </span>{' '}
        <TimeLeft expiresAt={acting.expires_at} />
      </p>
      <button type="button" className="button" disabled={closing} onClick={() => actAsActor.send({ type: 'back' })}>
        <FormattedMessage id="access.actAs.back" />
      </button>
    </div>
  );
}

/** The minutes left, from a clock started when acting starts (said again every 15 s). */
function TimeLeft({ expiresAt }: { expiresAt: string }) {
  const clock = useActorRef(clockMachine);
  const now = useSelector(clock, (s) => s.context.now);
  // Rounded, never 0 while it lasts: a clock a few seconds off the server's must not say 31 or 0.
  const minutes = Math.max(1, Math.round((Date.parse(expiresAt) - now) / 60_000));
  return (
    <span className="act-as-time">
      <FormattedMessage id="access.actAs.timeLeft" values={{ minutes }} />
    </span>
  );
}
