import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PageProps } from '../../../app/routes.ts';
import { pathOf, routeByKey } from '../../../app/routes.ts';
import type { Column } from '../../ui/DataTable.tsx';
import { formatDateTime, formatMoney } from '../../ui/format.ts';
import { useLifecycleActions } from '../../ui/LifecycleActions.tsx';
import { ListScreen } from '../../ui/ListScreen.tsx';
import { useListScreen } from '../../ui/listScreen.ts';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { bookingRefOf, INVITATION_EVENTS, invitationsScreen, type InvitationRow } from './invitationsScreen.ts';
import { CopyPayLink } from './PaymentLinkResult.tsx';
import { SendLinkDialog } from './SendLinkDialog.tsx';
import { useStaff } from '../../../app/permissions.ts';

/** Payment links: who was asked to pay what for which booking, whether they opened it, and resend / cancel / copy. */
export function InvitationListPage({ route }: PageProps) {
  const intl = useIntl();
  const staff = useStaff();
  const list = useListScreen(invitationsScreen);
  const [sending, setSending] = useState(false);
  const bookingRoute = routeByKey('bookingDetail');
  const actions = useLifecycleActions<InvitationRow>({
    resource: invitationsScreen.collection.name,
    lifecycle: 'payment_invitation',
    order: INVITATION_EVENTS,
    messagePrefix: 'invitationEvent',
    staff,
    label: bookingRefOf,
    describe: (row) => (
      <FormattedMessage id="paymentLinks.confirmDescription" values={{ amount: formatMoney(intl, row.amount, row.currency), booking: bookingRefOf(row) }} />
    ),
    onDone: () => list.send({ type: 'refresh' }),
  });

  const columns: Column<InvitationRow>[] = [
    { key: 'booking', header: 'paymentLinks.booking', priority: 1, render: (r) => <bdi dir="ltr">{bookingRefOf(r)}</bdi> },
    {
      key: 'invitee',
      header: 'paymentLinks.invitee',
      priority: 1,
      render: (r) => (
        <span className="cell-stack">
          <span>{r.invitee_name || r._expanded?.booking_id?.customer_name || '—'}</span>
          <bdi className="muted" dir="ltr">
            {r.invitee_phone || r.invitee_email}
          </bdi>
        </span>
      ),
    },
    ...(staff
      ? [{ key: 'vendor', header: 'booking.vendor', priority: 3 as const, render: (r: InvitationRow) => r._expanded?.vendor_id?.trade_name ?? '—' }]
      : []),
    { key: 'amount', header: 'paymentLinks.amount', priority: 1, sortField: 'amount', align: 'end', render: (r) => formatMoney(intl, r.amount, r.currency) },
    { key: 'expires_at', header: 'paymentLinks.expiresAt', priority: 2, sortField: 'expires_at', render: (r) => formatDateTime(intl, r.expires_at) },
    { key: 'status', header: 'paymentLinks.status', priority: 1, sortField: 'status', render: (r) => <StatusChip status={r.status} kind="invitationStatus" /> },
    {
      key: 'opened_at',
      header: 'paymentLinks.openedAt',
      priority: 3,
      sortField: 'opened_at',
      render: (r) => (r.opened_at ? formatDateTime(intl, r.opened_at) : r.status === 'sent' ? <FormattedMessage id="paymentLinks.notOpened" /> : '—'),
    },
    { key: 'sent_count', header: 'paymentLinks.sentCount', priority: 3, align: 'end', render: (r) => intl.formatNumber(r.sent_count) },
    {
      key: 'copy',
      header: 'paymentLinks.link',
      priority: 2,
      render: (r) => (r.status === 'sent' || r.status === 'opened' ? <CopyPayLink token={r.token} compact /> : null),
    },
    actions.column,
  ];

  return (
    <ListScreen
      route={route}
      screen={invitationsScreen}
      list={list}
      staff={staff}
      columns={columns}
      empty={<FormattedMessage id="paymentLinks.none" />}
      tableName={staff ? 'payment-links' : 'payment-links-vendor'}
      rowHref={(row) => pathOf(bookingRoute, row.booking_id)}
      bulk={actions.bulkButtons}
      actions={
        <button type="button" className="button button-primary" onClick={() => setSending(true)}>
          <FormattedMessage id="paymentLink.send" />
        </button>
      }
      notices={
        <>
          {actions.report}
          {actions.dialog}
          {sending && (
            <SendLinkDialog
              onClose={(sent) => {
                setSending(false);
                if (sent) list.send({ type: 'refresh' });
              }}
            />
          )}
        </>
      }
    />
  );
}
