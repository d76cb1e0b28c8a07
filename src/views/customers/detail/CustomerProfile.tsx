import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiRecord } from '../../../api/resources.ts';
import { customers } from '../../../../common/collections.ts';
import { Fact } from '../../ui/Fact.tsx';
import { DateTimeField } from '../../ui/fields/DateTimeField.tsx';
import { SelectField } from '../../ui/fields/SelectField.tsx';
import { TextField } from '../../ui/fields/TextField.tsx';
import { ToggleField } from '../../ui/fields/ToggleField.tsx';
import { formatDate, formatDateTime, formatMoney } from '../../ui/format.ts';
import { RecordEditorPanel } from '../../ui/RecordEditorPanel.tsx';
import { useRecordEditor } from '../../ui/useRecordEditor.ts';
import { wilayaLabel } from '../../ui/wilaya.ts';
import { CUSTOMER_DEFAULTS } from './customerPage.ts';

/**
 * What the server keeps about the customer: their figures (the wallet and points for staff,
 * who keep those ledgers), and how to reach them when the reader may not edit.
 */
export function CustomerFacts({ customer, contact, staff }: { customer: ApiRecord; contact: boolean; staff: boolean }) {
  const intl = useIntl();
  const money = (v: unknown) => formatMoney(intl, Number(v ?? 0), 'DZD');
  return (
    <section className="card" aria-labelledby="customer-facts">
      <h2 id="customer-facts">
        <FormattedMessage id="customers.summary" />
      </h2>
      <dl className="facts">
        {contact && (
          <>
            <Fact label="customers.phone">
              <bdi dir="ltr">{String(customer.phone)}</bdi>
            </Fact>
            <Fact label="customers.email">{customer.email ? <bdi dir="ltr">{String(customer.email)}</bdi> : null}</Fact>
            <Fact label="customers.language">
              <FormattedMessage id={`field.language.${String(customer.locale)}`} />
            </Fact>
          </>
        )}
        <Fact label="customers.wilaya">{customer.wilaya_code ? wilayaLabel(String(customer.wilaya_code), intl.locale) : null}</Fact>
        <Fact label="customers.bookings">{intl.formatNumber(Number(customer.bookings_count))}</Fact>
        <Fact label="customers.lifetimeSpend">{money(customer.lifetime_spend)}</Fact>
        {staff && (
          <>
            <Fact label="customers.wallet">{money(customer.wallet_balance)}</Fact>
            <Fact label="customers.points">{intl.formatNumber(Number(customer.loyalty_points))}</Fact>
          </>
        )}
        <Fact label="customers.lastBooking">{customer.last_booking_at ? formatDate(intl, String(customer.last_booking_at)) : null}</Fact>
        <Fact label="customers.since">{formatDateTime(intl, String(customer.created_at))}</Fact>
      </dl>
    </section>
  );
}

/**
 * Staff change the customer's profile; the phone is stored as the server normalises it
 * (E.164). Cancel starts the form again from the record as stored.
 */
export function CustomerProfileForm({ id, onSaved }: { id: string; onSaved: () => void }) {
  const editor = useRecordEditor({
    resource: customers.name,
    id,
    defaults: CUSTOMER_DEFAULTS,
    limits: customers.fields,
    onClose: (saved) => (saved ? onSaved() : editor.record.send({ type: 'cancel' })),
  });
  const { field } = editor;
  return (
    <RecordEditorPanel
      editor={editor}
      className="customer-profile"
      heading={<FormattedMessage id="customers.profile" />}
      summary={(r) => (r ? `${String(r.name)} · ${String(r.phone)}` : '—')}
      closeLabel="customers.backToList"
      onClose={(saved) => (saved ? onSaved() : editor.record.send({ type: 'cancel' }))}
    >
      <div className="form-grid">
        <TextField {...field.text('name')} label={<FormattedMessage id="customers.name" />} autoComplete="off" />
        <TextField
          {...field.text('phone')}
          label={<FormattedMessage id="customers.phone" />}
          hint={<FormattedMessage id="customers.phoneHint" values={{ example: <bdi dir="ltr">0555 12 34 56</bdi> }} />}
          type="tel"
          dir="ltr"
          autoComplete="off"
        />
        <TextField {...field.text('email')} label={<FormattedMessage id="customers.email" />} type="email" dir="ltr" autoComplete="off" />
        <SelectField {...field.select('locale')} label={<FormattedMessage id="customers.language" />} options={customers.fields.locale.enum} labelPrefix="field.language" />
        <DateTimeField {...field.date('date_of_birth')} mode="date" label={<FormattedMessage id="customers.dateOfBirth" />} />
      </div>
      <TextField {...field.text('notes')} label={<FormattedMessage id="customers.notes" />} multiline={3} />
      <ToggleField {...field.toggle('marketing_opt_in')} label={<FormattedMessage id="customers.marketingOptIn" />} />
    </RecordEditorPanel>
  );
}
