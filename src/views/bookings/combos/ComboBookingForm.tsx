import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { apiClient } from '../../../api/registry.ts';
import type { ComboQuote } from '../../../api/bookingPricing.ts';
import { fetchRecord, type ApiRecord } from '../../../api/resources.ts';
import { EMPTY_NEW_BOOKING } from '../../../machines/bookings/newBooking.ts';
import { pricePreviewMachine, type PricePreviewContext } from '../../../machines/bookings/pricePreview.ts';
import { pathOf, routeByKey } from '../../../app/routes.ts';
import { localized } from '../../ui/format.ts';
import { DateTimeField } from '../../ui/fields/DateTimeField.tsx';
import { ErrorList, ErrorText, focusFirstInvalid } from '../../ui/fields/Field.tsx';
import { errorsAt, errorsElsewhere } from '../../ui/fields/fieldErrors.ts';
import { RelationPicker } from '../../ui/RelationPicker.tsx';
import { CUSTOMER_TYPES, type ComboItem } from '../bookingViews.ts';
import { ParticipantsFields } from '../ParticipantsFields.tsx';
import { PriceSummary } from '../PriceSummary.tsx';

interface Part {
  service_id: string;
  included: boolean;
  /** ISO instant, or null until chosen. */
  startsAt: string | null;
}

/**
 * Books a combo for one customer: every required part, and the optional parts the user
 * ticks, each at its own date and time. The server books them together (or none) and
 * prices them at the combo's price.
 */
export function ComboBookingForm({ combo, onClose }: { combo: ApiRecord; onClose: () => void }) {
  const intl = useIntl();
  const id = useId();
  const [, navigate] = useLocation();
  const items = combo.items as ComboItem[];
  const [customer, setCustomer] = useState<ApiRecord | null>(null);
  const [participants, setParticipants] = useState<Record<string, string>>(EMPTY_NEW_BOOKING.participants);
  const [parts, setParts] = useState<Part[]>(items.map((item) => ({ service_id: item.service_id, included: item.required, startsAt: null })));
  const [titles, setTitles] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    for (const item of items) {
      fetchRecord('services', item.service_id)
        .then((service) => setTitles((t) => ({ ...t, [item.service_id]: localized(service.title_i18n, intl.locale) })))
        .catch(() => undefined);
    }
  }, [combo.id, intl.locale]);

  // The server's price of the combo as the form changes (the same chart as the new booking's preview).
  const preview = useActorRef(pricePreviewMachine, { input: { url: `/branch/api/combos/${encodeURIComponent(combo.id)}/quote/` } });
  const priced = useSelector(preview, (s) => ({ context: s.context as PricePreviewContext<ComboQuote>, value: s.value, busy: s.hasTag('busy') }), (a, b) => a.context === b.context && a.value === b.value && a.busy === b.busy);
  useEffect(() => {
    const counts = Object.entries(participants).map(([t, v]) => [t, Number(v || 0)] as const);
    const valid = counts.every(([, n]) => Number.isInteger(n) && n >= 0) && counts.some(([, n]) => n > 0);
    preview.send({
      type: 'request.changed',
      request: valid
        ? {
            ...(customer ? { customer_id: customer.id } : {}),
            participants: Object.fromEntries(counts.filter(([, n]) => n > 0)),
            parts: parts.filter((p) => p.included).map((p) => ({ service_id: p.service_id, ...(p.startsAt ? { starts_at: p.startsAt } : {}) })),
          }
        : null,
    });
  }, [customer?.id, JSON.stringify(participants), JSON.stringify(parts)]);
  const quote = priced.context.quote;

  const setPart = (index: number, change: Partial<Part>) => setParts((all) => all.map((p, i) => (i === index ? { ...p, ...change } : p)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string[]> = {};
    if (!customer) local.customer_id = ['comboBooking.customerRequired'];
    const counts = Object.fromEntries(CUSTOMER_TYPES.map((t) => [t, Number(participants[t] || 0)]).filter(([, n]) => Number(n) > 0));
    if (Object.keys(counts).length === 0) local.participants = ['comboBooking.participantsRequired'];
    parts.forEach((p, i) => {
      if (p.included && !p.startsAt) local[`parts.${i}`] = ['comboBooking.dateRequired'];
    });
    setErrors(local);
    if (Object.keys(local).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    try {
      const result = await apiClient().post<{ bookings: ApiRecord[] }>(
        `/branch/api/combos/${encodeURIComponent(combo.id)}/book/`,
        {
          customer_id: customer!.id,
          participants: counts,
          parts: parts.filter((p) => p.included).map((p) => ({ service_id: p.service_id, starts_at: p.startsAt })),
        },
        { quiet: true },
      );
      navigate(pathOf(routeByKey('bookingDetail'), result.bookings[0].id));
    } catch (error) {
      const failure = error as { fieldErrors?: Record<string, string[]>; detail?: string };
      // The server counts only the parts sent (`parts.1` is the second part ticked); the form counts them all.
      const sent = parts.flatMap((p, i) => (p.included ? [i] : []));
      const fieldErrors = Object.fromEntries(
        Object.entries(failure.fieldErrors ?? {}).map(([path, messages]) => [path.replace(/^parts\.(\d+)/, (all, k: string) => (sent[Number(k)] === undefined ? all : `parts.${sent[Number(k)]}`)), messages]),
      );
      setErrors(Object.keys(fieldErrors).length > 0 ? fieldErrors : { form: [failure.detail ?? 'comboBooking.failed'] });
      focusFirstInvalid(formRef.current);
    } finally {
      setBusy(false);
    }
  };

  // Errors the server puts on fields this form does not show (the combo itself) are listed
  // at the top, so a refusal is never silent.
  const otherErrors = errorsElsewhere(errors, ['customer_id', 'participants', ...parts.map((_, i) => `parts.${i}`)]).filter(([key]) => key !== 'parts');
  const partsErrors = errors.parts;

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <FormattedMessage id="comboBooking.title" values={{ combo: localized(combo.title_i18n, intl.locale) }} />
      </h2>
      <form ref={formRef} onSubmit={submit} noValidate aria-busy={busy}>
        {otherErrors.length > 0 && (
          <div className="notice notice-error" role="alert">
            {otherErrors.map(([key, messages]) => (
              <p key={key}>
                {messages.map((e, i) => (
                  <ErrorText key={i} text={e} />
                ))}
              </p>
            ))}
          </div>
        )}
        <RelationPicker
          resource="customers"
          label={intl.formatMessage({ id: 'booking.customer' })}
          value={customer}
          onChange={setCustomer}
          optionLabel={(c) => String(c.name)}
          optionDetail={(c) => (c.phone ? String(c.phone) : null)}
          placeholder={intl.formatMessage({ id: 'newBooking.customerSearch' })}
          errors={errorsAt(errors, 'customer_id')}
          required
        />
        <ParticipantsFields value={participants} onChange={setParticipants} errors={{ ...priced.context.errors, ...errors }} max={500} />
        <fieldset className="fieldset" aria-describedby={partsErrors ? `${id}-parts-error` : undefined}>
          <legend>
            <FormattedMessage id="combo.services" />
          </legend>
          {parts.map((part, index) => (
            <div className="field combo-part" key={part.service_id}>
              <label>
                <input
                  type="checkbox"
                  checked={part.included}
                  disabled={items[index].required}
                  onChange={(e) => setPart(index, { included: e.target.checked })}
                />{' '}
                {titles[part.service_id] ?? '…'}{' '}
                <span className="muted">
                  <FormattedMessage id={items[index].required ? 'comboBooking.required' : 'comboBooking.optional'} />
                </span>
              </label>
              {part.included && (
                <DateTimeField
                  mode="datetime"
                  label={<FormattedMessage id="booking.startsAt" />}
                  hideLabel
                  value={part.startsAt}
                  onChange={(startsAt) => setPart(index, { startsAt })}
                  errors={errorsAt(errors, `parts.${index}`)}
                />
              )}
            </div>
          ))}
          {partsErrors && <ErrorList id={`${id}-parts-error`} errors={partsErrors} />}
        </fieldset>
        <PriceSummary
          busy={priced.busy}
          state={priced.value === 'idle' ? 'empty' : priced.value === 'failed' ? 'failed' : priced.value === 'refused' ? 'refused' : 'priced'}
          onRetry={() => preview.send({ type: 'retry' })}
          currency={quote?.currency ?? String(combo.currency ?? 'DZD')}
          lines={(quote?.parts ?? []).map((p) => ({ key: p.service_id, label: titles[p.service_id] ?? '…', amount: p.price }))}
          subtotal={quote?.subtotal}
          discount={quote ? quote.subtotal - quote.total : undefined}
          total={quote?.total}
        />
        <div className="form-actions">
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            <FormattedMessage id="common.cancel" />
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            <FormattedMessage id={busy ? 'comboBooking.booking' : 'comboBooking.submit'} />
          </button>
        </div>
      </form>
    </section>
  );
}
