import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { allowedEvents, eventPayloadFields, type LifecycleName } from '../../../common/lifecycles/index.ts';
import { lifecycleConfirmMachine, type BulkActor } from '../../machines/resources/lifecycleConfirm.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import type { Column } from './DataTable.tsx';
import { ReasonField } from './ReasonField.tsx';
import { codesOf, reasonComplete, useReasonCodes } from './reasonCodes.ts';
import { reasonKindOf } from '../../../common/reasonKinds.ts';

export interface LifecycleRow {
  id: string;
  version: number;
  status: string;
  [field: string]: unknown;
}

export interface LifecycleActionsOptions<Row extends LifecycleRow> {
  resource: string;
  lifecycle: LifecycleName;
  /** The order buttons appear in; which of them show comes from the chart. */
  order: readonly string[];
  /** Messages: `${prefix}.${event}` names the button, `${prefix}.${event}.title` the dialog. */
  messagePrefix: string;
  staff: boolean;
  /** How people know a row (a booking's ref), in reports. */
  label: (row: Row) => string;
  /** One sentence saying what the action applies to, in the dialog. */
  describe: (row: Row) => ReactNode;
  /** A run ended (something may have changed): refresh the list. */
  onDone: () => void;
}

interface Pending<Row> {
  event: string;
  rows: Row[];
}

/** The same question asked (a new object each time it is read). */
const samePending = <Row,>(a: Pending<Row> | null, b: Pending<Row> | null) => a === b || (a !== null && b !== null && a.event === b.event && a.rows === b.rows);

/**
 * The lifecycle actions of a list: a column of the actions each row's chart allows, a
 * bulk bar for the selected rows, the confirmation (asking for a reason when the chart's
 * guards want one), and the report of what was done and what was refused, row by row.
 */
export function useLifecycleActions<Row extends LifecycleRow>(options: LifecycleActionsOptions<Row>) {
  const intl = useIntl();
  const confirmation = useActorRef(lifecycleConfirmMachine, { input: { resource: options.resource } });
  const bulk = useSelector(confirmation, (s) => s.children.bulk as BulkActor);
  const snapshot = useSelector(bulk, (s) => s);
  const pending = useSelector(confirmation, (s) => (s.context.event === null ? null : ({ event: s.context.event, rows: s.context.rows as Row[] } as Pending<Row>)), samePending);
  const reason = useSelector(confirmation, (s) => s.context.reason);
  const missing = useSelector(confirmation, (s) => s.context.missing);
  const codes = useReasonCodes();
  const role = options.staff ? 'staff' : 'vendor';
  const reported = snapshot.matches('reported');

  useEffect(() => {
    if (reported) options.onDone();
  }, [reported]);

  const eventsOf = (row: Row): string[] => {
    const allowed = allowedEvents(options.lifecycle, row.status, { now: new Date().toISOString(), role, record: row });
    return options.order.filter((event) => allowed.includes(event));
  };
  /** The coded reasons an event offers (the kind the domain gives it), or none: free text. */
  const offeredFor = (event: string) => codesOf(codes, reasonKindOf(options.lifecycle, event));
  /** The chart's payload guards say whether `event` from this row's status needs a reason. */
  const wantsReason = (event: string, row: Row) =>
    eventPayloadFields(options.lifecycle, row.status, event, { now: new Date().toISOString(), role, record: row }).includes('reason');
  const needsReason = (p: Pending<Row>) => p.rows.some((row) => wantsReason(p.event, row));

  const ask = (event: string, rows: Row[]) => confirmation.send({ type: 'ask', event, rows });

  const confirm = () => {
    if (!pending) return;
    confirmation.send({
      type: 'confirm',
      withReason: needsReason(pending),
      complete: reasonComplete(offeredFor(pending.event), reason),
      rows: pending.rows.map((row) => ({ id: row.id, version: row.version, label: options.label(row) })),
    });
  };

  const button = (event: string, rows: Row[], small: boolean) => {
    // An event that needs a reason undoes or refuses something: it is never the primary action.
    const quiet = rows.some((row) => wantsReason(event, row));
    return (
      <button
        key={event}
        type="button"
        className={['button', quiet ? '' : 'button-primary', small ? 'button-small' : ''].filter(Boolean).join(' ')}
        disabled={snapshot.hasTag('busy')}
        onClick={() => ask(event, rows)}
      >
        <FormattedMessage id={`${options.messagePrefix}.${event}`} />
      </button>
    );
  };

  const column: Column<Row> = {
    key: 'actions',
    header: 'list.actions',
    priority: 1,
    render: (row) => {
      const events = eventsOf(row);
      return events.length === 0 ? <span className="muted">—</span> : <span className="row-actions">{events.map((e) => button(e, [row], true))}</span>;
    },
  };

  /** Buttons for the events any selected row's chart allows. */
  const bulkButtons = (selected: Row[]) => {
    const offered = new Set(selected.flatMap(eventsOf));
    return options.order.filter((event) => offered.has(event)).map((event) => button(event, selected.filter((row) => eventsOf(row).includes(event)), false));
  };

  const { done, refused } = snapshot.context;
  const report = reported && (
    <div className={`notice ${refused.length > 0 ? 'notice-error' : 'notice-info'}`} role={refused.length > 0 ? 'alert' : 'status'}>
      {done.length > 0 && (
        <p>
          <FormattedMessage id="bulk.done" values={{ count: done.length }} />
        </p>
      )}
      {refused.length > 0 && (
        <>
          <p>
            <FormattedMessage id="bulk.refused" values={{ count: refused.length }} />
          </p>
          <ul className="bulk-refusals">
            {refused.map((r) => (
              <li key={r.id}>
                <bdi dir="auto">{r.label}</bdi>: {r.detail || intl.formatMessage({ id: 'bulk.refusedNoDetail' })}
              </li>
            ))}
          </ul>
        </>
      )}
      <button type="button" className="button button-small" onClick={() => bulk.send({ type: 'dismiss' })}>
        <FormattedMessage id="bulk.dismiss" />
      </button>
    </div>
  );

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title={pending ? <FormattedMessage id={`${options.messagePrefix}.${pending.event}.title`} /> : ''}
      description={
        pending ? (
          pending.rows.length === 1 ? (
            options.describe(pending.rows[0])
          ) : (
            <FormattedMessage id="bulk.confirmMany" values={{ count: pending.rows.length }} />
          )
        ) : undefined
      }
      confirmLabel={pending ? <FormattedMessage id={`${options.messagePrefix}.${pending.event}`} /> : ''}
      danger={pending !== null && needsReason(pending)}
      onCancel={() => confirmation.send({ type: 'cancel' })}
      onConfirm={confirm}
    >
      {pending && needsReason(pending) && (
        <ReasonField label="bulk.reason" offered={offeredFor(pending.event)} value={reason} missing={missing} onChange={(value) => confirmation.send({ type: 'reason.changed', value })} />
      )}
    </ConfirmDialog>
  );

  return { column, bulkButtons, report, dialog, busy: snapshot.hasTag('busy') };
}
