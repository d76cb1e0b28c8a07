import { useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import type { PageProps } from '../../app/pages.tsx';
import { usePageReady } from '../../app/pageReady.ts';
import { routeByKey, pathOf } from '../../app/routes.ts';
import { createRecord, type ApiRecord } from '../../api/resources.ts';
import { DateTimeField } from '../ui/fields/DateTimeField.tsx';
import { focusFirstInvalid } from '../ui/fields/Field.tsx';
import { errorsAt, errorsElsewhere, withoutErrorsAt } from '../ui/fields/fieldErrors.ts';
import { SelectField } from '../ui/fields/SelectField.tsx';
import { TextField } from '../ui/fields/TextField.tsx';
import { PageFrame } from '../ui/PageFrame.tsx';
import { RelationPicker } from '../ui/RelationPicker.tsx';
import { localized } from '../ui/format.ts';
import { useLeaveGuard } from '../ui/useLeaveGuard.tsx';
import { CUSTOMER_TYPES, PAYMENT_METHODS, newBookingPayload, validateNewBooking, type NewBookingForm } from './bookingViews.ts';
import { ParticipantsFields } from './ParticipantsFields.tsx';

const EMPTY: NewBookingForm = {
  customer: null,
  service: null,
  startsAt: '',
  participants: Object.fromEntries(CUSTOMER_TYPES.map((t) => [t, t === 'adult' ? '1' : '0'])),
  couponCode: '',
  paymentMethod: 'unpaid',
  notes: '',
};

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
  const formRef = useRef<HTMLFormElement>(null);
  usePageReady(true);
  const dirty = !done && JSON.stringify(form) !== JSON.stringify(EMPTY);
  const leave = useLeaveGuard(dirty);

  const set = <K extends keyof NewBookingForm>(key: K, value: NewBookingForm[K], errorKey: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((all) => withoutErrorsAt(all, errorKey));
  };

  const submit = async () => {
    const local = validateNewBooking(form);
    setErrors(local);
    setDetail(null);
    if (Object.keys(local).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    try {
      const created = await createRecord('bookings', newBookingPayload(form));
      setDone(true);
      navigate(pathOf(routeByKey('bookingDetail'), created.id));
    } catch (error) {
      const failure = error as { status?: number; detail?: string; fieldErrors?: Record<string, string[]> };
      setErrors(failure.fieldErrors ?? {});
      focusFirstInvalid(formRef.current);
      setDetail(failure.detail ?? intl.formatMessage({ id: 'newBooking.failed' }));
    } finally {
      setBusy(false);
    }
  };

  const known = ['customer_id', 'service_id', 'starts_at', 'participants', 'coupon_code', 'payment_method', 'notes'];
  const otherErrors = errorsElsewhere(errors, known);
  const at = (name: string) => errorsAt(errors, name);

  return (
    <PageFrame route={route} id={intl.formatMessage({ id: 'newBooking.title' })}>
      {leave.dialog}
      <form
        ref={formRef}
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
            errors={at('customer_id')}
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
            errors={at('service_id')}
            required
          />
          <DateTimeField
            mode="datetime"
            label={<FormattedMessage id="booking.startsAt" />}
            required
            value={form.startsAt || null}
            onChange={(v) => set('startsAt', v ?? '', 'starts_at')}
            errors={at('starts_at')}
          />
          <SelectField
            label={<FormattedMessage id="newBooking.paymentMethod" />}
            value={form.paymentMethod}
            options={PAYMENT_METHODS}
            labelPrefix="newBooking.method"
            onChange={(v) => set('paymentMethod', v, 'payment_method')}
            errors={at('payment_method')}
          />
        </div>

        <ParticipantsFields value={form.participants} onChange={(v) => set('participants', v, 'participants')} errors={errors} max={1000} />

        <div className="form-grid">
          <TextField
            label={<FormattedMessage id="newBooking.coupon" />}
            dir="ltr"
            maxLength={40}
            autoComplete="off"
            value={form.couponCode}
            onChange={(v) => set('couponCode', v, 'coupon_code')}
            errors={at('coupon_code')}
          />
        </div>
        <TextField
          label={<FormattedMessage id="booking.notes" />}
          multiline={3}
          maxLength={2000}
          value={form.notes}
          onChange={(v) => set('notes', v, 'notes')}
          errors={at('notes')}
        />
        <p className="muted">
          <FormattedMessage id="newBooking.priceNote" />
        </p>
        <div className="form-actions">
          <button type="button" className="button" disabled={busy} onClick={() => leave.confirmLeave(() => navigate(pathOf(routeByKey('bookingManage'))))}>
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
