import { useEffect, useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { apiClient } from '../../api/registry.ts';
import { fetchRecord, type ApiRecord } from '../../api/resources.ts';
import { pathOf, routeByKey } from '../../app/routes.ts';
import { localized } from '../ui/format.ts';
import { RelationPicker } from '../ui/RelationPicker.tsx';
import { CUSTOMER_TYPES, type ComboItem } from './bookingViews.ts';
import { ErrorText } from './NewBookingPage.tsx';

interface Part {
  service_id: string;
  included: boolean;
  /** datetime-local value */
  startsAt: string;
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
  const [parts, setParts] = useState<Part[]>(items.map((item) => ({ service_id: item.service_id, included: item.required, startsAt: '' })));
  const [titles, setTitles] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

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
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    try {
      const result = await apiClient().post<{ bookings: ApiRecord[] }>(
        `/branch/api/combos/${encodeURIComponent(combo.id)}/book/`,
        {
          customer_id: customer!.id,
          participants: counts,
          parts: parts.filter((p) => p.included).map((p) => ({ service_id: p.service_id, starts_at: new Date(p.startsAt).toISOString() })),
        },
        { quiet: true },
      );
      navigate(pathOf(routeByKey('bookingDetail'), result.bookings[0].id));
    } catch (error) {
      const failure = error as { fieldErrors?: Record<string, string[]>; detail?: string };
      setErrors(Object.keys(failure.fieldErrors ?? {}).length > 0 ? failure.fieldErrors! : { form: [failure.detail ?? 'comboBooking.failed'] });
    } finally {
      setBusy(false);
    }
  };

  // Errors the server puts on fields this form does not show (a part's slot or start time,
  // the combo itself) are listed at the top, so a refusal is never silent.
  const shown = new Set(['customer_id', 'participants', 'parts', ...parts.map((_, i) => `parts.${i}`)]);
  const otherErrors = Object.entries(errors).filter(([key]) => !shown.has(key));

  const errorLine = (key: string) =>
    errors[key] && (
      <p className="field-error" id={`${id}-${key}-error`}>
        {errors[key].map((e, i) => (
          <ErrorText key={i} text={e} />
        ))}
      </p>
    );

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <FormattedMessage id="comboBooking.title" values={{ combo: localized(combo.title_i18n, intl.locale) }} />
      </h2>
      <form onSubmit={submit} noValidate aria-busy={busy}>
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
          errors={errors.customer_id?.map((e, i) => <ErrorText key={i} text={e} />)}
          required
        />
        <fieldset className="fieldset" aria-describedby={errors.participants ? `${id}-participants-error` : undefined}>
          <legend>
            <FormattedMessage id="booking.participants" />
          </legend>
          <div className="participants-grid">
            {CUSTOMER_TYPES.map((type) => (
              <div className="field" key={type}>
                <label htmlFor={`${id}-${type}`}>
                  <FormattedMessage id={`newBooking.type.${type}`} />
                </label>
                <input
                  id={`${id}-${type}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={500}
                  value={participants[type] ?? ''}
                  onChange={(e) => setParticipants((p) => ({ ...p, [type]: e.target.value }))}
                />
              </div>
            ))}
          </div>
          {errorLine('participants')}
        </fieldset>
        <fieldset className="fieldset" aria-describedby={errors.parts ? `${id}-parts-error` : undefined}>
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
                <>
                  <label htmlFor={`${id}-part-${index}`} className="visually-hidden">
                    <FormattedMessage id="booking.startsAt" />
                  </label>
                  <input
                    id={`${id}-part-${index}`}
                    type="datetime-local"
                    value={part.startsAt}
                    aria-invalid={errors[`parts.${index}`] ? true : undefined}
                    aria-describedby={errors[`parts.${index}`] ? `${id}-parts.${index}-error` : undefined}
                    onChange={(e) => setPart(index, { startsAt: e.target.value })}
                  />
                  {errorLine(`parts.${index}`)}
                </>
              )}
            </div>
          ))}
          {errorLine('parts')}
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
