import { useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { sessionActor } from '../../app/actors.ts';
import type { PageProps } from '../../app/pages.tsx';
import { usePageReady } from '../../app/pageReady.ts';
import { routeByKey, pathOf } from '../../app/routes.ts';
import { fetchRecord, type ApiRecord } from '../../api/resources.ts';
import type { Column } from '../ui/DataTable.tsx';
import { formatDate, formatMoney, localized, localizedOrdering } from '../ui/format.ts';
import { FilterSelect } from '../ui/FilterSelect.tsx';
import { ListResults } from '../ui/ListResults.tsx';
import { PageFrame } from '../ui/PageFrame.tsx';
import { RelationPicker } from '../ui/RelationPicker.tsx';
import { SearchBox } from '../ui/SearchBox.tsx';
import { StatusChip } from '../ui/StatusChip.tsx';
import { RecordEditorPanel } from '../ui/RecordEditorPanel.tsx';
import { usePanelParam } from '../ui/usePanelParam.ts';
import { useRecordEditor } from '../ui/useRecordEditor.ts';
import { useList } from '../ui/useList.ts';
import { ComboBookingForm } from './ComboBookingForm.tsx';
import { DateTimeField } from '../ui/fields/DateTimeField.tsx';
import { ErrorList, focusFirstInvalid } from '../ui/fields/Field.tsx';
import { errorsAt, errorsUnder } from '../ui/fields/fieldErrors.ts';
import { I18nTextField } from '../ui/fields/I18nTextField.tsx';
import { MoneyField } from '../ui/fields/MoneyField.tsx';
import { NumberField } from '../ui/fields/NumberField.tsx';
import { SelectField } from '../ui/fields/SelectField.tsx';
import { ToggleField } from '../ui/fields/ToggleField.tsx';
import type { ComboItem } from './bookingViews.ts';

interface ComboRow {
  id: string;
  version: number;
  title_i18n: Record<string, string>;
  items: ComboItem[];
  pricing: 'fixed' | 'percent_of_parts';
  price: number | null;
  /** The price as an amount: the fixed price, or the percentage of the required parts for one person (computed by the server). */
  price_amount: number | null;
  percent: number | null;
  currency: string;
  valid_from: string | null;
  valid_to: string | null;
  active: boolean;
}

const FILTERS = ['active', 'pricing'] as const;
const PRICING = ['fixed', 'percent_of_parts'] as const;
type Pricing = (typeof PRICING)[number];
const NEW = 'new';
/** The combo open beside the list: in the editor, or being booked. */
const PANELS = ['edit', 'book'] as const;
const LIST_OPTIONS = { filters: FILTERS, defaultOrdering: '-created_at', keepParams: PANELS };
/** Fields the editor shows errors at; others (the vendor) go in the notice above the form. */
const SHOWN_AT_FIELDS = ['title_i18n', 'items', 'pricing', 'price', 'percent', 'valid_from', 'valid_to', 'active'];

const numberOrNull = (v: unknown) => (typeof v === 'number' ? v : null);
const stringOrNull = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/** Packages of several services sold together; the editor opens beside the list (`?edit=<id>`). */
export function ComboPage({ route }: PageProps) {
  const intl = useIntl();
  const list = useList('combos', LIST_OPTIONS);
  const snapshot = useSelector(list, (s) => s);
  const { query, page, error, searchText } = snapshot.context;
  const [, navigate] = useLocation();
  const base = pathOf(routeByKey('bookingCombo'));
  const panel = usePanelParam(base, PANELS);
  const editing = panel.get('edit');
  const booking = panel.get('book');
  const bookingCombo = booking ? (page?.results.find((r) => r.id === booking) ?? null) : null;
  usePageReady(page !== null || error !== null);
  const withParam = panel.href;
  const withEdit = (value: string | null) => withParam('edit', value);

  // The amount comes from the server (`price_amount`): a percentage combo is priced from its parts there.
  const pricingText = (r: ComboRow) => (
    <span className="cell-stack">
      <span>{r.price_amount == null ? '—' : formatMoney(intl, r.price_amount, r.currency)}</span>
      {r.pricing === 'percent_of_parts' && (
        <span className="muted">
          <FormattedMessage id="combo.percentOnePerson" values={{ percent: intl.formatNumber((r.percent ?? 0) / 100, { style: 'percent', maximumFractionDigits: 2 }) }} />
        </span>
      )}
    </span>
  );

  const columns: Column<ComboRow>[] = [
    { key: 'title', header: 'combo.title', sortField: localizedOrdering('title_i18n', intl.locale), render: (r) => localized(r.title_i18n, intl.locale) },
    { key: 'items', header: 'combo.services', align: 'end', render: (r) => intl.formatNumber(r.items.length) },
    { key: 'pricing', header: 'combo.pricing', render: (r) => <FormattedMessage id={`comboPricing.${r.pricing}`} /> },
    { key: 'price', header: 'combo.priceOrPercent', sortField: 'price', align: 'end', render: pricingText },
    {
      key: 'validity',
      header: 'combo.validity',
      sortField: 'valid_from',
      render: (r) =>
        r.valid_from || r.valid_to ? (
          <FormattedMessage id="combo.validityRange" values={{ from: formatDate(intl, r.valid_from), to: formatDate(intl, r.valid_to) }} />
        ) : (
          <span className="muted"><FormattedMessage id="combo.always" /></span>
        ),
    },
    { key: 'active', header: 'combo.active', render: (r) => <StatusChip status={r.active ? 'active' : 'inactive'} kind="comboActive" /> },
    {
      key: 'book',
      header: 'comboBooking.column',
      render: (r) =>
        r.active ? (
          <button type="button" className="button" onClick={() => navigate(withParam('book', r.id))}>
            <FormattedMessage id="comboBooking.open" />
          </button>
        ) : null,
    },
  ];

  const filter = (name: string) => query.filters[name] ?? '';
  const setFilter = (name: string, value: string) => list.send({ type: 'filter.set', name, value });

  return (
    <PageFrame
      route={route}
      actions={
        <button type="button" className="button button-primary" onClick={() => navigate(withEdit(NEW))}>
          <FormattedMessage id="combo.new" />
        </button>
      }
    >
      {bookingCombo && <ComboBookingForm key={bookingCombo.id} combo={bookingCombo} onClose={() => navigate(withParam('book', null))} />}
      {editing && (
        <ComboEditor
          key={editing}
          id={editing === NEW ? null : editing}
          onClose={(saved) => {
            navigate(withEdit(null));
            if (saved) list.send({ type: 'refresh' });
          }}
        />
      )}
      <div className="filter-bar" role="search">
        <SearchBox value={searchText} label={intl.formatMessage({ id: 'combo.searchLabel' })} onChange={(text) => list.send({ type: 'search.typed', text })} />
        <FilterSelect label="combo.pricing" value={filter('pricing')} values={PRICING} labelPrefix="comboPricing" onChange={(v) => setFilter('pricing', v)} />
        <label className="filter">
          <FormattedMessage id="combo.active" />
          <select value={filter('active')} onChange={(e) => setFilter('active', e.target.value)}>
            <option value="">{intl.formatMessage({ id: 'list.any' })}</option>
            <option value="true">{intl.formatMessage({ id: 'comboActive.active' })}</option>
            <option value="false">{intl.formatMessage({ id: 'comboActive.inactive' })}</option>
          </select>
        </label>
      </div>
      <ListResults
        list={list}
        empty={<FormattedMessage id="combo.none" />}
        name="combos"
        caption={intl.formatMessage({ id: 'route.bookingCombo' })}
        columns={columns}
        rowHref={(row) => withEdit(row.id)}
      />
    </PageFrame>
  );
}

const DEFAULTS = {
  title_i18n: { en: '', fr: '', ar: '' },
  items: [] as ComboItem[],
  pricing: 'percent_of_parts',
  price: null,
  percent: 90,
  valid_from: null,
  valid_to: null,
  active: true,
};

function ComboEditor({ id, onClose }: { id: string | null; onClose: (saved: boolean) => void }) {
  const intl = useIntl();
  const formId = useId();
  const admin = useSelector(sessionActor, (s) => s.context.user?.admin === true);
  const editor = useRecordEditor({ resource: 'combos', id, defaults: DEFAULTS, onClose });
  const { context, value, set } = editor;
  const [services, setServices] = useState<Record<string, ApiRecord>>({});
  const [priceInvalid, setPriceInvalid] = useState(false);
  const title = (value('title_i18n') ?? {}) as Record<string, string>;
  const items = (value('items') ?? []) as ComboItem[];
  const pricing = (value('pricing') ?? 'fixed') as Pricing;
  const itemErrors = errorsAt(context.fieldErrors, 'items');

  // Titles of the child services already in the combo.
  const itemKey = items.map((i) => i.service_id).join(',');
  useEffect(() => {
    const missing = items.map((i) => i.service_id).filter((sid) => !(sid in services));
    if (missing.length === 0) return;
    const controller = new AbortController();
    Promise.all(missing.map((sid) => fetchRecord('services', sid, controller.signal).catch(() => ({ id: sid, version: 0 }) as ApiRecord))).then((found) => {
      if (!controller.signal.aborted) setServices((s) => ({ ...s, ...Object.fromEntries(found.map((r) => [r.id, r])) }));
    });
    return () => controller.abort();
  }, [itemKey]);

  const firstVendor = items.length > 0 ? (services[items[0].service_id]?.vendor_id as string | undefined) : undefined;
  const summary = (r: Record<string, unknown> | null) => {
    if (!r) return '—';
    const t = (r.title_i18n ?? {}) as Record<string, string>;
    return (
      <>
        <span>{localized(t, intl.locale)}</span> · <FormattedMessage id={`comboPricing.${String(r.pricing)}`} /> ·{' '}
        {r.pricing === 'fixed' ? formatMoney(intl, Number(r.price ?? 0)) : intl.formatNumber(Number(r.percent ?? 0) / 100, { style: 'percent', maximumFractionDigits: 2 })} ·{' '}
        <FormattedMessage id={r.active ? 'comboActive.active' : 'comboActive.inactive'} />
      </>
    );
  };

  const save = () => {
    if (priceInvalid) {
      focusFirstInvalid(editor.formRef.current);
      return;
    }
    if (id === null && admin && firstVendor && !('vendor_id' in context.draft)) set('vendor_id', firstVendor);
    editor.record.send({ type: 'save' });
  };

  return (
    <RecordEditorPanel
      editor={editor}
      className="combo-editor"
      heading={<FormattedMessage id={id === null ? 'combo.new' : 'combo.edit'} />}
      shownAtFields={SHOWN_AT_FIELDS}
      summary={summary}
      closeLabel="combo.close"
      onClose={onClose}
      onSave={save}
    >
      <I18nTextField
        label={<FormattedMessage id="combo.title" />}
        value={title}
        onChange={(v) => set('title_i18n', v)}
        errors={errorsUnder(context.fieldErrors, 'title_i18n')}
        maxLength={200}
      />

      <fieldset className="fieldset" {...(itemErrors ? { 'aria-describedby': `${formId}-items-error` } : {})}>
        <legend>
          <FormattedMessage id="combo.services" />
        </legend>
        {items.length > 0 && (
          <ul className="combo-items">
            {items.map((item, index) => (
              <li key={item.service_id} className="combo-item">
                <span className="combo-item-title">{localized(services[item.service_id]?.title_i18n, intl.locale) || '…'}</span>
                <label className="field-inline">
                  <input
                    type="checkbox"
                    checked={item.required}
                    onChange={(e) => set('items', items.map((it, i) => (i === index ? { ...it, required: e.target.checked } : it)))}
                  />
                  <FormattedMessage id="combo.required" />
                </label>
                <button
                  type="button"
                  className="button button-ghost button-small"
                  onClick={() => set('items', items.filter((_, i) => i !== index))}
                  aria-label={intl.formatMessage(
                    { id: 'combo.removeService' },
                    { service: localized(services[item.service_id]?.title_i18n, intl.locale) },
                  )}
                >
                  <FormattedMessage id="combo.remove" />
                </button>
              </li>
            ))}
          </ul>
        )}
        {items.length < 10 && (
          <RelationPicker
            key={items.length}
            resource="services"
            label={intl.formatMessage({ id: 'combo.addService' })}
            value={null}
            filters={firstVendor ? { vendor_id: firstVendor } : undefined}
            optionLabel={(s) => localized(s.title_i18n, intl.locale)}
            onChange={(s) => {
              if (!s || items.some((i) => i.service_id === s.id)) return;
              setServices((all) => ({ ...all, [s.id]: s }));
              set('items', [...items, { service_id: s.id, required: true }]);
            }}
          />
        )}
        {itemErrors && <ErrorList id={`${formId}-items-error`} errors={itemErrors} />}
      </fieldset>

      <div className="form-grid">
        <SelectField
          label={<FormattedMessage id="combo.pricing" />}
          value={pricing}
          options={PRICING}
          labelPrefix="comboPricing"
          onChange={(v) => {
            setPriceInvalid(false);
            set('pricing', v);
          }}
          errors={errorsAt(context.fieldErrors, 'pricing')}
        />
        {pricing === 'fixed' ? (
          <MoneyField
            label={<FormattedMessage id="combo.price" />}
            value={numberOrNull(value('price'))}
            currency={String(value('currency') ?? 'DZD')}
            required
            onChange={(minor, invalid) => {
              setPriceInvalid(invalid);
              set('price', minor);
            }}
            errors={errorsAt(context.fieldErrors, 'price')}
          />
        ) : (
          <NumberField
            label={<FormattedMessage id="combo.percent" />}
            value={numberOrNull(value('percent'))}
            decimals={2}
            min={0}
            max={100}
            unit="%"
            required
            onChange={(n, invalid) => {
              setPriceInvalid(invalid);
              set('percent', n);
            }}
            errors={errorsAt(context.fieldErrors, 'percent')}
          />
        )}
        <DateTimeField
          mode="date"
          label={<FormattedMessage id="combo.validFrom" />}
          value={stringOrNull(value('valid_from'))}
          onChange={(v) => set('valid_from', v)}
          errors={errorsAt(context.fieldErrors, 'valid_from')}
        />
        <DateTimeField
          mode="date"
          label={<FormattedMessage id="combo.validTo" />}
          value={stringOrNull(value('valid_to'))}
          min={stringOrNull(value('valid_from'))}
          onChange={(v) => set('valid_to', v)}
          errors={errorsAt(context.fieldErrors, 'valid_to')}
        />
      </div>
      <ToggleField
        label={<FormattedMessage id="combo.activeLabel" />}
        checked={value('active') === true}
        onChange={(on) => set('active', on)}
        errors={errorsAt(context.fieldErrors, 'active')}
      />
    </RecordEditorPanel>
  );
}
