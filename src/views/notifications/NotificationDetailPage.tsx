import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import type { PageProps } from '../../app/routes.ts';
import { usePageReady } from '../../app/pageReady.ts';
import { pathOf } from '../../app/routes.ts';
import { ErrorState } from '../ui/ErrorState.tsx';
import { Fact } from '../ui/Fact.tsx';
import { formatDateTime, localized } from '../ui/format.ts';
import { useLifecycleActions, type LifecycleRow } from '../ui/LifecycleActions.tsx';
import { PageFrame } from '../ui/PageFrame.tsx';
import { RecordUnavailable } from '../ui/RecordUnavailable.tsx';
import { Related } from '../ui/Related.tsx';
import { useRecordScreen, useRelated } from '../ui/recordScreen.ts';
import { StatusChip } from '../ui/StatusChip.tsx';
import { usePanelParam } from '../ui/usePanelParam.ts';
import { useRead } from '../ui/useRead.ts';
import { AudienceText } from './audience.tsx';
import { notificationScreen } from './notificationScreen.ts';
import { NOTIFICATION_EVENTS } from './notificationsScreen.ts';
import { useStaff } from '../../app/permissions.ts';

const LANGUAGES = ['en', 'fr', 'ar'] as const;
const DELIVERY_STATUSES = ['', 'queued', 'sent', 'failed'] as const;
const PAGE_SIZE = 25;

/**
 * One notification: its content in each language, its audience, the actions its chart
 * allows (send a draft, cancel a scheduled one), each delivery with its status and error,
 * and what the development provider recorded for SMS and push. Live while it goes out:
 * the record follows its changes, and the deliveries are read again as its counts move.
 * The deliveries' status filter and page are in the URL (`?deliveries=failed&deliveryPage=2`).
 */
export function NotificationDetailPage({ route, params }: PageProps) {
  const intl = useIntl();
  const id = params.id ?? '';
  const { screen, record } = useRecordScreen(notificationScreen, id);
  const snapshot = useSelector(record, (s) => s);
  const staff = useStaff();
  const notification = snapshot.context.record;
  const names = useRelated(screen, notificationScreen, 'names');
  const outbox = useRelated(screen, notificationScreen, 'outbox');
  const [, navigate] = useLocation();
  const base = pathOf(route, id);
  // A new status shows its first page; a page keeps the status.
  const statusParam = usePanelParam(base, ['deliveries', 'deliveryPage']);
  const pageParam = usePanelParam(base, ['deliveryPage']);
  const asked = statusParam.get('deliveries') ?? '';
  const status: (typeof DELIVERY_STATUSES)[number] = DELIVERY_STATUSES.find((s) => s === asked) ?? '';
  const page = Math.max(1, Number(pageParam.get('deliveryPage')) || 1);
  const deliveriesRead = useRead('notificationDeliveries', id ? { id, status, page } : null, { reloadOn: ['notifications'] });
  // The page shown stays while another status or page is read.
  const shown = useRef<typeof deliveriesRead.data>(undefined);
  if (deliveriesRead.data) shown.current = deliveriesRead.data;
  const deliveries = shown.current ?? null;
  usePageReady(!snapshot.matches('loading'));

  const actions = useLifecycleActions<LifecycleRow>({
    resource: 'notifications',
    lifecycle: 'notification',
    order: NOTIFICATION_EVENTS,
    messagePrefix: 'notificationEvent',
    staff,
    label: (row) => localized(row.title_i18n, intl.locale),
    describe: (row) => <FormattedMessage id="notificationDetail.actionOn" values={{ title: localized(row.title_i18n, intl.locale) }} />,
    onDone: () => screen.send({ type: 'reload' }),
  });

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
                  onChange={(e) => navigate(statusParam.href('deliveries', e.target.value || null), { replace: true })}
                >
                  {DELIVERY_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {intl.formatMessage({ id: s ? `deliveryStatus.${s}` : 'notificationDetail.allStatuses' })}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            {deliveriesRead.state === 'failed' && <ErrorState detail={deliveriesRead.error.detail || undefined} onRetry={deliveriesRead.retry} />}
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
                  <button type="button" className="button" disabled={page === 1} onClick={() => navigate(pageParam.href('deliveryPage', page - 1 > 1 ? String(page - 1) : null), { replace: true })}>
                    <FormattedMessage id="notificationDetail.previous" />
                  </button>
                  <span>
                    <FormattedMessage id="notificationDetail.page" values={{ page, count: deliveries.count }} />
                  </span>
                  <button type="button" className="button" disabled={page * PAGE_SIZE >= deliveries.count} onClick={() => navigate(pageParam.href('deliveryPage', String(page + 1)), { replace: true })}>
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
          <Related of={outbox}>
            {(messages) =>
              messages.length > 0 && (
                <section className="card" aria-labelledby="notif-outbox">
                  <h2 id="notif-outbox">
                    <FormattedMessage id="notificationDetail.outbox" />
                  </h2>
                  <ul className="notif-outbox">
                    {messages.map((m) => (
                      <li key={m.id}>
                        <bdi dir="ltr">{m.address}</bdi> · {formatDateTime(intl, m.created_at)}
                        <p lang={m.locale}>{m.title ? `${m.title} — ` : ''}{m.body}</p>
                      </li>
                    ))}
                  </ul>
                </section>
              )
            }
          </Related>
        </div>
        <aside className="record-side card">
          <dl className="facts">
            <Fact label="notifications.channel">
              <FormattedMessage id={`notificationChannel.${String(notification.channel)}`} />
            </Fact>
            <Fact label="notifications.audience">
              <AudienceText record={{ audience_type: String(notification.audience_type), _expanded: (names.data?._expanded ?? {}) as never }} />
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
