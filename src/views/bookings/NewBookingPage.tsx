import { useId, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import type { PageProps } from '../../app/pages.tsx';
import { usePageReady } from '../../app/pageReady.ts';
import { routeByKey, pathOf } from '../../app/routes.ts';
import { createRecord, type ApiRecord } from '../../api/resources.ts';
import { PageFrame } from '../ui/PageFrame.tsx';
import { RelationPicker } from '../ui/RelationPicker.tsx';
import { localized } from '../ui/format.ts';
import { useLeaveGuard } from '../ui/useLeaveGuard.ts';
import {
  CUSTOMER_TYPES,
  PAYMENT_METHODS,
  groupFieldErrors,
  newBookingPayload,
  validateNewBooking,
  type NewBookingForm,
} from './bookingViews.ts';

const EMPTY: NewBookingForm = {
  customer: null,
  service: null,
  startsAt: '',
  participants: Object.fromEntries(CUSTOMER_TYPES.map((t) => [t, t === 'adult' ? '1' : '0'])),
  couponCode: '',
  paymentMethod: 'unpaid',
  notes: '',
};

/** A message id from the browser's own checks, or the server's words as they are. */
export function ErrorText({ text }: { text: string }): ReactNode {
  return /^[a-zA-Z]+\.[a-zA-Z.]+$/.test(text) ? <FormattedMessage id={text} /> : text;
}

/** A booking taken in the back-office: who, what, when, how many; the server prices it. */
export function NewBookingPage({ route }: PageProps) {
  const intl = useIntl();
  const id = useId();
  const [, navigate] = useLocation();
  const [form, setForm] = useState<NewBookingForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [detail, setDetail] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  usePageReady(true);
  const dirty = !done && JSON.stringify(form) !== JSON.stringify(EMPTY);
  useLeaveGuard(dirty, intl.formatMessage({ id: 'record.leaveUnsaved' }));

  const set = <K extends keyof NewBookingForm>(key: K, value: NewBookingForm[K], errorKey: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors(({ [errorKey]: _gone, ...rest }) => rest);
  };

  const submit = async () => {
    const local = validateNewBooking(form);
    setErrors(local);
    setDetail(null);
    if (Object.keys(local).length > 0) {
      const first = Object.keys(local)[0];
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const created = await createRecord('bookings', newBookingPayload(form));
      setDone(true);
      navigate(pathOf(routeByKey('bookingDetail'), created.id));
    } catch (error) {
      const failure = error as { status?: number; detail?: string; fieldErrors?: Record<string, string[]> };
      const fields = groupFieldErrors(failure.fieldErrors ?? {});
      setErrors(fields);
      setDetail(failure.detail ?? intl.formatMessage({ id: 'newBooking.failed' }));
    } finally {
      setBusy(false);
    }
  };

  const fieldErrorProps = (name: string) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${name}-error` } : {};
  const errorLine = (name: string) =>
    errors[name] && (
      <p className="field-error" id={`${id}-${name}-error`}>
        {errors[name].map((e, i) => (
          <span key={i}>
            <ErrorText text={e} />{' '}
          </span>
        ))}
      </p>
    );
  const known = new Set(['customer_id', 'service_id', 'starts_at', 'participants', 'coupon_code', 'payment_method', 'notes']);
  const otherErrors = Object.entries(errors).filter(([k]) => !known.has(k));

  return (
    <PageFrame route={route} id={intl.formatMessage({ id: 'newBooking.title' })}>
      <form
        className="card form-card"
        noValidate
        aria-labelledby={`${id}-title`}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h2 id={`${id}-title`}>
          <FormattedMessage id="newBooking.title" />
        </h2>
        {detail && (
          <div className="notice notice-error" role="alert">
            {detail}
            {otherErrors.map(([k, messages]) => (
              <div key={k}>
                <span dir="ltr">{k}</span>: {messages.join(' ')}
              </div>
            ))}
          </div>
        )}
        <div className="form-grid">
          <RelationPicker
            resource="customers"
            label={intl.formatMessage({ id: 'booking.customer' })}
            value={form.customer}
            onChange={(c: ApiRecord | null) => set('customer', c, 'customer_id')}
            optionLabel={(c) => String(c.name)}
            optionDetail={(c) => (c.phone ? String(c.phone) : null)}
            placeholder={intl.formatMessage({ id: 'newBooking.customerSearch' })}
            errors={errors.customer_id?.map((e, i) => <ErrorText key={i} text={e} />)}
            required
          />
          <RelationPicker
            resource="services"
            label={intl.formatMessage({ id: 'booking.service' })}
            value={form.service}
            filters={{ status: 'published' }}
            onChange={(s: ApiRecord | null) => set('service', s, 'service_id')}
            optionLabel={(s) => localized(s.title_i18n, intl.locale)}
            placeholder={intl.formatMessage({ id: 'newBooking.serviceSearch' })}
            errors={errors.service_id?.map((e, i) => <ErrorText key={i} text={e} />)}
            required
          />
          <div className="field">
            <label htmlFor={`${id}-starts_at`}>
              <FormattedMessage id="booking.startsAt" />
            </label>
            <input
              id={`${id}-starts_at`}
              type="datetime-local"
              required
              value={form.startsAt}
              onChange={(e) => set('startsAt', e.target.value, 'starts_at')}
              {...fieldErrorProps('starts_at')}
            />
            {errorLine('starts_at')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-payment_method`}>
              <FormattedMessage id="newBooking.paymentMethod" />
            </label>
            <select
              id={`${id}-payment_method`}
              value={form.paymentMethod}
              onChange={(e) => set('paymentMethod', e.target.value, 'payment_method')}
              {...fieldErrorProps('payment_method')}
            >
              {PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {intl.formatMessage({ id: `newBooking.method.${m}` })}
                </option>
              ))}
            </select>
            {errorLine('payment_method')}
          </div>
        </div>

        <fieldset className="fieldset" {...(errors.participants ? { 'aria-describedby': `${id}-participants-error` } : {})}>
          <legend>
            <FormattedMessage id="booking.participants" />
          </legend>
          <div className="participants-grid">
            {CUSTOMER_TYPES.map((type, index) => (
              <div className="field" key={type}>
                <label htmlFor={index === 0 ? `${id}-participants` : `${id}-participants-${type}`}>
                  <FormattedMessage id={`newBooking.type.${type}`} />
                </label>
                <input
                  id={index === 0 ? `${id}-participants` : `${id}-participants-${type}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={1000}
                  step={1}
                  dir="ltr"
                  value={form.participants[type]}
                  onChange={(e) => set('participants', { ...form.participants, [type]: e.target.value }, 'participants')}
                  {...fieldErrorProps('participants')}
                />
              </div>
            ))}
          </div>
          {errorLine('participants')}
        </fieldset>

        <div className="form-grid">
          <div className="field">
            <label htmlFor={`${id}-coupon_code`}>
              <FormattedMessage id="newBooking.coupon" />
            </label>
            <input
              id={`${id}-coupon_code`}
              dir="ltr"
              maxLength={40}
              autoComplete="off"
              value={form.couponCode}
              onChange={(e) => set('couponCode', e.target.value, 'coupon_code')}
              {...fieldErrorProps('coupon_code')}
            />
            {errorLine('coupon_code')}
          </div>
        </div>
        <div className="field">
          <label htmlFor={`${id}-notes`}>
            <FormattedMessage id="booking.notes" />
          </label>
          <textarea
            id={`${id}-notes`}
            rows={3}
            maxLength={2000}
            value={form.notes}
            onChange={(e) => set('notes', e.target.value, 'notes')}
            {...fieldErrorProps('notes')}
          />
          {errorLine('notes')}
        </div>
        <p className="muted">
          <FormattedMessage id="newBooking.priceNote" />
        </p>
        <div className="form-actions">
          <button type="button" className="button" disabled={busy} onClick={() => navigate(pathOf(routeByKey('bookingManage')))}>
            <FormattedMessage id="common.cancel" />
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            <FormattedMessage id={busy ? 'newBooking.creating' : 'newBooking.create'} />
          </button>
        </div>
      </form>
    </PageFrame>
  );
}
