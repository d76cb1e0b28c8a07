import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PageProps } from '../../app/routes.ts';
import { usePageReady } from '../../app/pageReady.ts';
import { useRealtimeEvents } from '../../app/realtime.ts';
import { fetchDeliveries, fetchOutbox, type Delivery, type OutboxMessage } from '../../api/notifications.ts';
import { fetchRecord } from '../../api/resources.ts';
import { recordMachine } from '../../machines/resources/record.ts';
import { Fact } from '../ui/Fact.tsx';
import { formatDateTime, localized } from '../ui/format.ts';
import { useLifecycleActions, type LifecycleRow } from '../ui/LifecycleActions.tsx';
import { PageFrame } from '../ui/PageFrame.tsx';
import { RecordUnavailable } from '../ui/RecordUnavailable.tsx';
import { StatusChip } from '../ui/StatusChip.tsx';
import { AudienceText } from './audience.tsx';
import { NOTIFICATION_EVENTS } from './notificationsScreen.ts';
import { useStaff } from '../../app/permissions.ts';

const LANGUAGES = ['en', 'fr', 'ar'] as const;
const DELIVERY_STATUSES = ['', 'queued', 'sent', 'failed'] as const;
const PAGE_SIZE = 25;
const RELOAD_DEBOUNCE_MS = 300;

/**
 * One notification: its content in each language, its audience, the actions its chart
 * allows (send a draft, cancel a scheduled one), each delivery with its status and error,
 * and what the development provider recorded for SMS and push. Live while it goes out.
 */
export function NotificationDetailPage({ route, params }: PageProps) {
  const intl = useIntl();
  const id = params.id ?? '';
  const record = useActorRef(recordMachine, { input: { resource: 'notifications', id } });
  const snapshot = useSelector(record, (s) => s);
  const staff = useStaff();
  const notification = snapshot.context.record;
  const [names, setNames] = useState<Record<string, unknown>>({});
  const [status, setStatus] = useState<(typeof DELIVERY_STATUSES)[number]>('');
  const [page, setPage] = useState(1);
  const [deliveries, setDeliveries] = useState<{ count: number; results: Delivery[] } | null>(null);
  const [outbox, setOutbox] = useState<OutboxMessage[]>([]);
  usePageReady(!snapshot.matches('loading'));

  // A send moves the status and the counts many times: reload once per burst.
  const reloadTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useRealtimeEvents(
    (event) => {
      if (event.record_id !== id) return;
      clearTimeout(reloadTimer.current);
      reloadTimer.current = setTimeout(() => record.send({ type: 'reload' }), RELOAD_DEBOUNCE_MS);
    },
    { type: 'record', collection: 'notifications' },
  );
  useEffect(() => () => clearTimeout(reloadTimer.current), []);

  const actions = useLifecycleActions<LifecycleRow>({
    resource: 'notifications',
    lifecycle: 'notification',
    order: NOTIFICATION_EVENTS,
    messagePrefix: 'notificationEvent',
    staff,
    label: (row) => localized(row.title_i18n, intl.locale),
    describe: (row) => <FormattedMessage id="notificationDetail.actionOn" values={{ title: localized(row.title_i18n, intl.locale) }} />,
    onDone: () => record.send({ type: 'reload' }),
  });

  // Names of the audience, the deliveries and the outbox follow the notification's version (its counts move while sending).
  useEffect(() => {
    if (!notification) return;
    const controller = new AbortController();
    const { signal } = controller;
    fetchRecord('notifications', id, signal, ['audience_customer_id', 'audience_user_id', 'topic_id']).then(
      (r) => !signal.aborted && setNames((r._expanded as Record<string, unknown>) ?? {}),
      () => undefined,
    );
    fetchDeliveries(id, { status, page }, signal).then((r) => !signal.aborted && setDeliveries(r), () => undefined);
    if (notification.channel === 'sms' || notification.channel === 'push') {
      fetchOutbox(id, signal).then((r) => !signal.aborted && setOutbox(Array.isArray(r) ? r : r.results), () => undefined);
    }
    return () => controller.abort();
  }, [notification?.id, notification?.version, status, page]);

  if (snapshot.matches('notFound') || snapshot.matches('failed')) {
    return (
      <RecordUnavailable route={route} id={params.id} notFound={snapshot.matches('notFound')} detail={snapshot.context.error?.detail} onRetry={() => record.send({ type: 'retry' })} />
    );
  }
  if (!notification) return null;
  const title = localized(notification.title_i18n, intl.locale);
  const texts = (field: string) => (notification[field] ?? {}) as Record<string, string>;
  const n = (v: unknown) => intl.formatNumber(Number(v ?? 0));

  return (
    <PageFrame route={route} id={title} heading={title}>
      <div className="record-header">
        <StatusChip status={String(notification.status)} kind="notificationStatus" />
        <div className="record-actions">{actions.bulkButtons([notification as LifecycleRow])}</div>
      </div>
      {actions.report}
      {actions.dialog}
      <div className="record-columns">
        <div className="record-main">
          <section className="card" aria-labelledby="notif-content">
            <h2 id="notif-content">
              <FormattedMessage id="notificationDetail.content" />
            </h2>
            <div className="notif-previews">
              {LANGUAGES.map((lang) => (
                <article key={lang} className="notif-preview" lang={lang} dir={lang === 'ar' ? 'rtl' : 'ltr'} aria-label={intl.formatMessage({ id: `field.language.${lang}` })}>
                  <h3 className="notif-preview-lang">
                    <FormattedMessage id={`field.language.${lang}`} />
                  </h3>
                  <p className="notif-preview-title">{texts('title_i18n')[lang] || '—'}</p>
                  <p className="notif-preview-body">{texts('body_i18n')[lang] || '—'}</p>
                </article>
              ))}
            </div>
          </section>
          <section className="card" aria-labelledby="notif-deliveries">
            <div className="notif-section-head">
              <h2 id="notif-deliveries">
                <FormattedMessage id="notificationDetail.deliveries" />
              </h2>
              <label className="notif-inline-field">
                <span>
                  <FormattedMessage id="notificationDetail.deliveryStatus" />
                </span>
                <select
                  value={status}
                  onChange={(e) => {
                    setStatus(e.target.value as typeof status);
                    setPage(1);
                  }}
                >
                  {DELIVERY_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {intl.formatMessage({ id: s ? `deliveryStatus.${s}` : 'notificationDetail.allStatuses' })}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            {deliveries && deliveries.results.length > 0 ? (
              <>
                {/* Focusable so the keyboard can scroll it when a narrow screen makes it overflow. */}
                <div className="notif-deliveries-scroll" role="region" aria-labelledby="notif-deliveries" tabIndex={0}>
                <table className="data-table notif-deliveries">
                  <thead>
                    <tr>
                      <th scope="col"><FormattedMessage id="notificationDetail.recipient" /></th>
                      <th scope="col"><FormattedMessage id="notificationDetail.address" /></th>
                      <th scope="col"><FormattedMessage id="notifications.status" /></th>
                      <th scope="col"><FormattedMessage id="notificationDetail.attempts" /></th>
                      <th scope="col"><FormattedMessage id="notificationDetail.sentAt" /></th>
                    </tr>
                  </thead>
                  <tbody>
                    {deliveries.results.map((d) => (
                      <tr key={d.recipient_key}>
                        <td>{d.recipient_name}</td>
                        <td>
                          <bdi dir="ltr" className="notif-address" title={d.address ?? undefined}>{d.address ?? '—'}</bdi>
                        </td>
                        <td>
                          <span className="cell-stack">
                            <StatusChip status={d.status} kind="deliveryStatus" />
                            {d.last_error && <span className="notif-error">{d.last_error}</span>}
                          </span>
                        </td>
                        <td>{n(d.attempts)}</td>
                        <td>{formatDateTime(intl, d.sent_at)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                </div>
                <div className="notif-pager">
                  <button type="button" className="button" disabled={page === 1} onClick={() => setPage(page - 1)}>
                    <FormattedMessage id="notificationDetail.previous" />
                  </button>
                  <span>
                    <FormattedMessage id="notificationDetail.page" values={{ page, count: deliveries.count }} />
                  </span>
                  <button type="button" className="button" disabled={page * PAGE_SIZE >= deliveries.count} onClick={() => setPage(page + 1)}>
                    <FormattedMessage id="notificationDetail.next" />
                  </button>
                </div>
              </>
            ) : (
              <p className="muted">
                <FormattedMessage id="notificationDetail.noDeliveries" />
              </p>
            )}
          </section>
          {outbox.length > 0 && (
            <section className="card" aria-labelledby="notif-outbox">
              <h2 id="notif-outbox">
                <FormattedMessage id="notificationDetail.outbox" />
              </h2>
              <ul className="notif-outbox">
                {outbox.map((m) => (
                  <li key={m.id}>
                    <bdi dir="ltr">{m.address}</bdi> · {formatDateTime(intl, m.created_at)}
                    <p lang={m.locale}>{m.title ? `${m.title} — ` : ''}{m.body}</p>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
        <aside className="record-side card">
          <dl className="facts">
            <Fact label="notifications.channel">
              <FormattedMessage id={`notificationChannel.${String(notification.channel)}`} />
            </Fact>
            <Fact label="notifications.audience">
              <AudienceText record={{ audience_type: String(notification.audience_type), _expanded: names as never }} />
            </Fact>
            <Fact label="notifications.scheduledAt">{formatDateTime(intl, notification.scheduled_at as string | null)}</Fact>
            <Fact label="notificationDetail.sentAt">{formatDateTime(intl, notification.sent_at as string | null)}</Fact>
            <Fact label="notificationDetail.recipients">{n(notification.recipients_count)}</Fact>
            <Fact label="notificationDetail.delivered">
              <span data-testid="notification-delivered">{n(notification.delivered_count)}</span>
            </Fact>
            <Fact label="notificationDetail.failed">{n(notification.failed_count)}</Fact>
            {notification.template_key ? (
              <Fact label="notificationDetail.template">
                <FormattedMessage id={`notificationTemplate.${String(notification.template_key)}`} />
              </Fact>
            ) : null}
          </dl>
        </aside>
      </div>
    </PageFrame>
  );
}
