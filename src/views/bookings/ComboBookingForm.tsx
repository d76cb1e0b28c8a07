import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { apiClient } from '../../api/registry.ts';
import { fetchRecord, type ApiRecord } from '../../api/resources.ts';
import { pathOf, routeByKey } from '../../app/routes.ts';
import { localized } from '../ui/format.ts';
import { DateTimeField } from '../ui/fields/DateTimeField.tsx';
import { ErrorList, ErrorText, focusFirstInvalid } from '../ui/fields/Field.tsx';
import { errorsAt, errorsElsewhere } from '../ui/fields/fieldErrors.ts';
import { RelationPicker } from '../ui/RelationPicker.tsx';
import { CUSTOMER_TYPES, type ComboItem } from './bookingViews.ts';
import { ParticipantsFields } from './ParticipantsFields.tsx';

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
  const [participants, setParticipants] = useState<Record<string, string>>({ adult: '1' });
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
        <ParticipantsFields value={participants} onChange={setParticipants} errors={errors} max={500} />
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
