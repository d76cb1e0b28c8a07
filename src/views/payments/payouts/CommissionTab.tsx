import { useActorRef, useSelector } from '@xstate/react';
import { useId, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import type { PageProps } from '../../../app/routes.ts';
import { pathOf } from '../../../app/routes.ts';
import { usePageReady } from '../../../app/pageReady.ts';
import type { ApiRecord } from '../../../api/resources.ts';
import { commissionMachine } from '../../../machines/payments/payouts.ts';
import { ErrorText } from '../../ui/fields/Field.tsx';
import { errorsAt } from '../../ui/fields/fieldErrors.ts';
import { TextField } from '../../ui/fields/TextField.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { Related } from '../../ui/Related.tsx';
import { RelationPicker } from '../../ui/RelationPicker.tsx';
import { usePanelParam } from '../../ui/usePanelParam.ts';
import { useRead } from '../../ui/useRead.ts';

/**
 * Staff change a vendor's commission with a reason; it applies to payments landing from then on. The history says who, when and why.
 * The vendor chosen is in the URL (`?tab=commission&vendor=<id>`), read again when it changes.
 */
export function CommissionTab({ route, tabs }: PageProps & { tabs: ReactNode }) {
  const [, navigate] = useLocation();
  const panel = usePanelParam(pathOf(route), ['vendor']);
  const vendorId = panel.get('vendor');
  const vendor = useRead('record', vendorId ? { collection: 'vendors', id: vendorId } : null);
  usePageReady();
  return (
    <PageFrame route={route} actions={<div className="page-actions">{tabs}</div>}>
      <section className="card commission-card">
        <RelationPicker
          resource="vendors"
          label={<FormattedMessage id="booking.vendor" />}
          value={vendor.data ?? null}
          onChange={(picked) => navigate(panel.href('vendor', picked?.id ?? null))}
          optionLabel={(v) => String(v.trade_name ?? '')}
        />
        {vendorId ? (
          <Related<ApiRecord> of={vendor}>{(record) => <VendorCommission key={record.id} vendor={record} onSaved={vendor.reload} />}</Related>
        ) : (
          <p className="muted"><FormattedMessage id="payouts.commission.choose" /></p>
        )}
      </section>
    </PageFrame>
  );
}

/** One vendor's commission: the current rate, the change with its reason, and the history of changes (also on the vendor's page). */
export function VendorCommission({ vendor, onSaved }: { vendor: ApiRecord; onSaved: () => void }) {
  const intl = useIntl();
  const historyId = useId();
  const history = useRead('list', { collection: 'commission-changes', filters: { vendor_id: vendor.id }, ordering: '-created_at', pageSize: 50, expand: ['changed_by'] });
  // Once saved, the vendor shows its new commission and the history its new line.
  const actor = useActorRef(
    commissionMachine.provide({
      actions: {
        announceSaved: () => {
          history.reload();
          onSaved();
        },
      },
    }),
    { input: { vendorId: vendor.id, percent: String(vendor.commission_percent ?? '') } },
  );
  const { saved, errors, detail, percent, reason } = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const pct = (value: unknown) => intl.formatNumber(Number(value) / 100, { style: 'percent', maximumFractionDigits: 2 });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'save' });
  };

  return (
    <>
      <p>
        <FormattedMessage id="payouts.commission.current" values={{ percent: pct(vendor.commission_percent) }} />
      </p>
      <form className="commission-form" noValidate onSubmit={submit} aria-busy={busy}>
        {detail && (
          <p className="notice notice-error" role="alert">
            <ErrorText text={detail} />
          </p>
        )}
        {saved && (
          <p className="notice notice-info" role="status">
            <FormattedMessage id="payouts.commission.saved" />
          </p>
        )}
        <TextField
          label={<FormattedMessage id="payouts.commission.newPercent" />}
          hint={<FormattedMessage id="payouts.commission.laterOnly" />}
          required
          inputMode="decimal"
          dir="ltr"
          value={percent}
          onChange={(value) => actor.send({ type: 'percent.changed', value })}
          errors={errorsAt(errors, 'commission_percent')}
        />
        <TextField
          label={<FormattedMessage id="payouts.commission.reason" />}
          required
          multiline={2}
          maxLength={1000}
          value={reason}
          onChange={(value) => actor.send({ type: 'reason.changed', value })}
          errors={errorsAt(errors, 'reason')}
        />
        <button type="submit" className="button button-primary" disabled={busy}>
          <FormattedMessage id="payouts.commission.save" />
        </button>
      </form>
      <h2 id={historyId}>
        <FormattedMessage id="payouts.commission.history" />
      </h2>
      <Related<ApiRecord[]> of={history}>
        {(changes) =>
          changes.length === 0 ? (
            <p className="muted"><FormattedMessage id="payouts.commission.noHistory" /></p>
          ) : (
        <table className="table commission-history" aria-labelledby={historyId}>
          <thead>
            <tr>
              <th scope="col"><FormattedMessage id="payouts.date" /></th>
              <th scope="col"><FormattedMessage id="payouts.commission.change" /></th>
              <th scope="col"><FormattedMessage id="payouts.commission.reason" /></th>
              <th scope="col"><FormattedMessage id="payouts.commission.by" /></th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.id}>
                <td>{formatDateTime(intl, String(change.created_at))}</td>
                <td>
                  <FormattedMessage id="payouts.commission.fromTo" values={{ from: pct(change.from_percent), to: pct(change.to_percent) }} />
                </td>
                <td className="commission-reason">{String(change.reason)}</td>
                <td>{(change._expanded as { changed_by?: { name?: string } | null } | undefined)?.changed_by?.name ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
          )
        }
      </Related>
    </>
  );
}
