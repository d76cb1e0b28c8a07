import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Manifest } from '../../../api/availability.ts';
import { statusesTagged, type LifecycleSettings } from '../../../../common/lifecycles/index.ts';
import { defineCommand, useCommand } from '../../ui/command.ts';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { NumberField } from '../../ui/fields/NumberField.tsx';
import { useRead } from '../../ui/useRead.ts';
import { DISRUPT_START, DisruptDialog, DisruptSummary, disruptCommand } from './DisruptDialog.tsx';
import { SlotManifest } from './SlotManifest.tsx';

/** A slot's capacity, or whether it is closed, at the version shown. */
const slotCommand = defineCommand({ command: 'availabilityUpdateSlot', fields: { capacity: { type: 'integer', minimum: 0, maximum: 10000 } } });

/**
 * One slot opened from the calendar (keyed by the slot: another slot is another panel):
 * its capacity (never below what is booked: the server's 409 shows at the field), close or
 * reopen, calling the departure off with a summary of what happened to each booking, and
 * its manifest, printable on one page. The manifest is read again after each change made
 * here and when the slot or its bookings change elsewhere.
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
  const manifest = useRead('availabilityManifest', { slotId }, { reloadOn: ['service-slots', 'bookings'] });
  const [disrupting, setDisrupting] = useState(false);
  const refresh = () => {
    manifest.reload();
    onChanged();
  };
  // The answer of the last call-off is the summary shown under the controls.
  const disrupt = useCommand(disruptCommand, {
    values: DISRUPT_START,
    fixed: { slotId },
    onDone: () => {
      setDisrupting(false);
      refresh();
    },
  });

  if (manifest.state === 'failed' && !manifest.data) return <ErrorState detail={manifest.error.detail || undefined} onRetry={manifest.retry} />;
  if (!manifest.data) return <p className="muted" role="status"><FormattedMessage id="common.loading" /></p>;
  const { slot } = manifest.data;
  // The bookings calling the departure off would cancel: those still to take place.
  const open = manifest.data.bookings.filter((b) => statusesTagged('booking', 'changeable').includes(b.status)).length;
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
      {manifest.state === 'failed' && <ErrorState detail={manifest.error.detail || undefined} onRetry={manifest.retry} />}
      {slot.disrupted_at && (
        <p className="notice notice-error no-print"><FormattedMessage id="availability.disrupted" values={{ when: intl.formatDate(slot.disrupted_at, { dateStyle: 'medium', timeStyle: 'short' }) }} /></p>
      )}
      {/* A new version of the slot starts the controls again from what it now is. */}
      <SlotControls
        key={slot.version}
        slot={slot}
        onSaved={refresh}
        onDisrupt={() => {
          disrupt.again();
          setDisrupting(true);
        }}
      />
      {disrupt.result && <DisruptSummary results={disrupt.result.results} />}
      <SlotManifest manifest={manifest.data} staff={staff} settings={settings} onChanged={refresh} />
      {disrupting && (
        <DisruptDialog form={disrupt} bookings={open} refundTargets={manifest.data.refund_to ?? ['original']} onCancel={() => setDisrupting(false)} />
      )}
    </section>
  );
}

/** The slot's own controls: its capacity, closing or reopening it, printing the manifest and calling the departure off. */
function SlotControls({ slot, onSaved, onDisrupt }: { slot: Manifest['slot']; onSaved: () => void; onDisrupt: () => void }) {
  const form = useCommand(slotCommand, { values: { capacity: slot.capacity }, fixed: { id: slot.id, version: slot.version }, onDone: onSaved });
  const capacity = form.field('capacity');
  // Either change is refused at the capacity field, as the server words it.
  const errors = capacity.errors ?? (form.error ? [form.error] : undefined);
  return (
    <form
      className="slot-controls no-print"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (capacity.value === null || capacity.value === undefined) return;
        form.set({ closed: slot.closed });
        form.submit();
      }}
    >
      <NumberField
        label={<FormattedMessage id="availability.capacity" />}
        hint={<FormattedMessage id="availability.bookedHint" values={{ booked: slot.booked }} />}
        min={0}
        max={10000}
        value={capacity.value ?? null}
        errors={errors}
        onChange={(value) => capacity.onChange(value)}
      />
      <button type="submit" className="button" disabled={form.busy || form.done || capacity.value == null || capacity.value === slot.capacity}>
        <FormattedMessage id="availability.saveCapacity" />
      </button>
      <button
        type="button"
        className="button"
        disabled={form.busy || form.done}
        onClick={() => {
          // Only the state changes: a capacity typed but not saved is left as the slot has it.
          form.set({ closed: !slot.closed, capacity: slot.capacity });
          form.submit();
        }}
      >
        <FormattedMessage id={slot.closed ? 'availability.reopen' : 'availability.close'} />
      </button>
      <button type="button" className="button" onClick={() => window.print()}>
        <FormattedMessage id="availability.print" />
      </button>
      <button type="button" className="button button-danger" onClick={onDisrupt}>
        <FormattedMessage id="availability.disrupt.open" />
      </button>
    </form>
  );
}
