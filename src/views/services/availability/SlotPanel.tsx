import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { fetchManifest, type Manifest } from '../../../api/availability.ts';
import type { ApiRequestError } from '../../../api/client.ts';
import { updateRecord } from '../../../api/resources.ts';
import type { DisruptOutcome } from '../../../domain/availabilityRules.ts';
import { statusesTagged, type LifecycleSettings } from '../../../machines/lifecycles/index.ts';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { NumberField } from '../../ui/fields/NumberField.tsx';
import { DisruptDialog, DisruptSummary } from './DisruptDialog.tsx';
import { SlotManifest } from './SlotManifest.tsx';

/**
 * One slot opened from the calendar: its capacity (never below what is booked: the
 * server's 409 shows at the field), close or reopen, calling the departure off, and its
 * manifest, printable on one page.
 */
export function SlotPanel({
  slotId,
  staff,
  settings,
  onChanged,
  onClose,
}: {
  slotId: string;
  staff: boolean;
  settings: LifecycleSettings | undefined;
  onChanged: () => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const [manifest, setManifest] = useState<Manifest | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [stamp, setStamp] = useState(0);
  const [capacity, setCapacity] = useState<number | null>(null);
  const [capacityErrors, setCapacityErrors] = useState<string[] | undefined>();
  const [busy, setBusy] = useState(false);
  const [disrupting, setDisrupting] = useState(false);
  const [summary, setSummary] = useState<DisruptOutcome[] | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchManifest(slotId, controller.signal).then(
      (m) => {
        setManifest(m);
        setCapacity(m.slot.capacity);
        setFailure(null);
      },
      (error: ApiRequestError) => !controller.signal.aborted && setFailure(error.detail),
    );
    return () => controller.abort();
  }, [slotId, stamp]);
  useEffect(() => setSummary(null), [slotId]);

  const refresh = () => {
    setStamp((s) => s + 1);
    onChanged();
  };

  const patch = async (changes: Record<string, unknown>) => {
    if (!manifest) return;
    setBusy(true);
    try {
      await updateRecord('service-slots', slotId, { ...changes, version: manifest.slot.version });
      setCapacityErrors(undefined);
      refresh();
    } catch (error) {
      const e = error as ApiRequestError;
      setCapacityErrors(e.fieldErrors?.capacity ?? [e.detail]);
    } finally {
      setBusy(false);
    }
  };

  if (failure) return <ErrorState detail={failure} onRetry={() => setStamp((s) => s + 1)} />;
  if (!manifest) return <p className="muted" role="status"><FormattedMessage id="common.loading" /></p>;
  const { slot } = manifest;
  // The bookings calling the departure off would cancel: those still to take place.
  const open = manifest.bookings.filter((b) => statusesTagged('booking', 'changeable').includes(b.status)).length;
  return (
    <section className="slot-panel" aria-labelledby="slot-panel-title">
      <div className="slot-panel-head no-print">
        <h3 id="slot-panel-title">
          {intl.formatDate(slot.starts_at, { dateStyle: 'full', timeStyle: 'short' })}
        </h3>
        <button type="button" className="button button-ghost button-small" onClick={onClose}>
          <FormattedMessage id="availability.closePanel" />
        </button>
      </div>
      {slot.disrupted_at && (
        <p className="notice notice-error no-print"><FormattedMessage id="availability.disrupted" values={{ when: intl.formatDate(slot.disrupted_at, { dateStyle: 'medium', timeStyle: 'short' }) }} /></p>
      )}
      <form
        className="slot-controls no-print"
        onSubmit={(event) => {
          event.preventDefault();
          if (capacity !== null) void patch({ capacity });
        }}
      >
        <NumberField
          label={<FormattedMessage id="availability.capacity" />}
          hint={<FormattedMessage id="availability.bookedHint" values={{ booked: slot.booked }} />}
          min={0}
          max={10000}
          value={capacity}
          errors={capacityErrors}
          onChange={(value) => setCapacity(value)}
        />
        <button type="submit" className="button" disabled={busy || capacity === null || capacity === slot.capacity}>
          <FormattedMessage id="availability.saveCapacity" />
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => patch({ closed: !slot.closed })}>
          <FormattedMessage id={slot.closed ? 'availability.reopen' : 'availability.close'} />
        </button>
        <button type="button" className="button" onClick={() => window.print()}>
          <FormattedMessage id="availability.print" />
        </button>
        <button type="button" className="button button-danger" onClick={() => setDisrupting(true)}>
          <FormattedMessage id="availability.disrupt.open" />
        </button>
      </form>
      {summary && <DisruptSummary results={summary} />}
      <SlotManifest manifest={manifest} staff={staff} settings={settings} onChanged={refresh} />
      <DisruptDialog
        open={disrupting}
        slotId={slotId}
        bookings={open}
        refundTargets={manifest?.refund_to ?? ['original']}
        onCancel={() => setDisrupting(false)}
        onDone={(results) => {
          setDisrupting(false);
          setSummary(results);
          refresh();
        }}
      />
    </section>
  );
}
