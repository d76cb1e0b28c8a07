import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PageProps } from '../../../app/routes.ts';
import { usePageReady } from '../../../app/pageReady.ts';
import { fetchList, type ApiRecord } from '../../../api/resources.ts';
import { ErrorText } from '../../ui/fields/Field.tsx';
import { errorsAt } from '../../ui/fields/fieldErrors.ts';
import { TextField } from '../../ui/fields/TextField.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { RelationPicker } from '../../ui/RelationPicker.tsx';
import { commissionMachine } from './payoutMachines.ts';

/** Staff change a vendor's commission with a reason; it applies to payments landing from then on. The history says who, when and why. */
export function CommissionTab({ route, tabs }: PageProps & { tabs: ReactNode }) {
  const [vendor, setVendor] = useState<ApiRecord | null>(null);
  usePageReady();
  return (
    <PageFrame route={route} actions={<div className="page-actions">{tabs}</div>}>
      <section className="card commission-card">
        <RelationPicker
          resource="vendors"
          label={<FormattedMessage id="booking.vendor" />}
          value={vendor}
          onChange={setVendor}
          optionLabel={(v) => String(v.trade_name ?? '')}
        />
        {vendor ? <VendorCommission key={vendor.id} vendor={vendor} onSaved={setVendor} /> : (
          <p className="muted"><FormattedMessage id="payouts.commission.choose" /></p>
        )}
      </section>
    </PageFrame>
  );
}

/** One vendor's commission: the current rate, the change with its reason, and the history of changes (also on the vendor's page). */
export function VendorCommission({ vendor, onSaved }: { vendor: ApiRecord; onSaved: (vendor: ApiRecord) => void }) {
  const intl = useIntl();
  const historyId = useId();
  const actor = useActorRef(commissionMachine, { input: { vendorId: vendor.id } });
  const { saved, errors, detail } = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const [percent, setPercent] = useState(String(vendor.commission_percent ?? ''));
  const [reason, setReason] = useState('');
  const [history, setHistory] = useState<ApiRecord[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchList('commission-changes', { page: 1, page_size: 50, search: '', ordering: '-created_at', filters: { vendor_id: vendor.id } }, controller.signal, undefined, ['changed_by'])
      .then((page) => setHistory(page.results), () => setHistory([]));
    return () => controller.abort();
  }, [vendor.id, saved?.id]);
  // Once saved, the picked vendor shows its new commission and the reason field empties.
  useEffect(() => {
    if (!saved) return;
    setReason('');
    onSaved({ ...vendor, commission_percent: saved.to_percent });
  }, [saved?.id]);
  const pct = (value: unknown) => intl.formatNumber(Number(value) / 100, { style: 'percent', maximumFractionDigits: 2 });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'save', commission_percent: percent.trim() === '' ? NaN : Number(percent.replace(',', '.')), reason });
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
          onChange={setPercent}
          errors={errorsAt(errors, 'commission_percent')}
        />
        <TextField
          label={<FormattedMessage id="payouts.commission.reason" />}
          required
          multiline={2}
          maxLength={1000}
          value={reason}
          onChange={setReason}
          errors={errorsAt(errors, 'reason')}
        />
        <button type="submit" className="button button-primary" disabled={busy}>
          <FormattedMessage id="payouts.commission.save" />
        </button>
      </form>
      <h2 id={historyId}>
        <FormattedMessage id="payouts.commission.history" />
      </h2>
      {history && history.length === 0 && <p className="muted"><FormattedMessage id="payouts.commission.noHistory" /></p>}
      {history && history.length > 0 && (
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
            {history.map((change) => (
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
      )}
    </>
  );
}
