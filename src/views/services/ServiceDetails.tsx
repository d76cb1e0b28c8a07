import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { ApiRecord } from '../../api/resources.ts';
import { services, type ServicesRecord } from '../../../common/collections.ts';
import { useKnownRecords } from '../catalog/useKnownRecords.ts';
import { ErrorList, Field, type FieldBaseProps } from '../ui/fields/Field.tsx';
import { I18nTextField } from '../ui/fields/I18nTextField.tsx';
import { NumberField } from '../ui/fields/NumberField.tsx';
import { SelectField } from '../ui/fields/SelectField.tsx';
import { localized } from '../ui/format.ts';
import { RecordEditorPanel } from '../ui/RecordEditorPanel.tsx';
import { RelationPicker } from '../ui/RelationPicker.tsx';
import type { RecordEditor } from '../ui/useRecordEditor.ts';
import { participantsProblem } from './participants.ts';
import type { ServiceTab } from './servicePage.ts';
import { TermsFailed, useReferenceData, type ReferenceData } from './useReferenceData.tsx';

type Errors = Record<string, string[]>;

/**
 * Every field of a service, edited in place on the Details tab (the page holds the
 * editor: its unsaved changes hold the publishing actions). `names`: the service read
 * with the name of its vendor. `refusal`: what a refused publish said was
 * missing, shown at the field it concerns (the location) or as a note pointing to the
 * tab that fixes it (prices, media).
 */
export function ServiceDetails({
  editor,
  service,
  names,
  staff,
  refusal,
  tabHref,
}: {
  editor: RecordEditor;
  service: ServicesRecord;
  names: ApiRecord | null;
  staff: boolean;
  refusal: Errors;
  tabHref: (tab: ServiceTab) => string;
}) {
  const intl = useIntl();
  const { terms, read: termsRead } = useReferenceData();
  const missing = (name: string) => refusal[name] ?? [];

  const save = () => {
    const problem = participantsProblem({
      min_participants: editor.value('min_participants'),
      max_participants: editor.value('max_participants'),
      capacity: editor.value('capacity'),
    });
    // Said (or cleared) at both fields each time, so a fixed capacity clears it too.
    for (const name of ['min_participants', 'max_participants'] as const) {
      editor.set(name, editor.value(name), problem?.field === name ? problem.message : undefined);
    }
    editor.record.send({ type: 'save' });
  };

  const location = editor.field.custom<string | null>('location_id', null);
  // The location named by the form, shown by its name: the one picked at once, the saved one read.
  const locations = useKnownRecords('locations', location.value ? [location.value] : []);
  const locationValue = location.value ? (locations.records[location.value] ?? ({ id: location.value, version: 0 } as ApiRecord)) : null;
  const vendorName = names?._expanded?.vendor_id?.trade_name as string | undefined;
  const notes = (['price_rules', 'cover'] as const).filter((name) => missing(name).length > 0);

  return (
    <RecordEditorPanel
      editor={editor}
      className="service-details"
      heading={<FormattedMessage id="services.tab.details" />}
      summary={(r) => (r ? `${localized(r.title_i18n, intl.locale)} · ${intl.formatNumber(Number(r.capacity ?? 0))}` : '—')}
      closeLabel="common.cancel"
      onClose={editor.cancel}
      onSave={save}
    >
      {notes.length > 0 && (
        <div className="notice notice-error service-missing" role="alert">
          <ul>
            {notes.map((name) => (
              <li key={name}>
                {missing(name).join(' ')}{' '}
                <Link href={tabHref(name === 'cover' ? 'media' : 'prices')}>
                  <FormattedMessage id={name === 'cover' ? 'services.goToMedia' : 'services.goToPrices'} />
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      {staff && vendorName && (
        <p className="service-vendor">
          <FormattedMessage id="services.vendor" />: <strong>{vendorName}</strong>
        </p>
      )}
      <TermsFailed read={termsRead} />
      <I18nTextField {...editor.field.i18n('title_i18n')} label={<FormattedMessage id="services.title" />} />
      <I18nTextField {...editor.field.i18n('description_i18n')} multiline={5} requiredLanguages={[]} label={<FormattedMessage id="services.description" />} />
      <CategoryFields editor={editor} terms={terms} />
      <RelationPicker
        resource="locations"
        label={<FormattedMessage id="services.location" />}
        value={locationValue}
        filters={{ vendor_id: service.vendor_id }}
        optionLabel={(l) => localized(l.name_i18n, intl.locale)}
        errors={[...(location.errors ?? []), ...missing('location_id')]}
        onChange={(l) => {
          if (l) locations.picked(l);
          location.onChange(l?.id ?? null);
        }}
      />
      <div className="form-grid">
        <NumberField {...editor.field.number('duration_minutes')} unit={intl.formatMessage({ id: 'services.minutes' })} label={<FormattedMessage id="services.duration" />} />
        <SelectField {...editor.field.select('booking_type')} options={services.fields.booking_type.enum} labelPrefix="bookingType" label={<FormattedMessage id="services.bookingType" />} />
        <NumberField {...editor.field.number('capacity')} label={<FormattedMessage id="services.capacity" />} />
        <NumberField {...editor.field.number('min_participants')} label={<FormattedMessage id="services.minParticipants" />} />
        <NumberField {...editor.field.number('max_participants')} label={<FormattedMessage id="services.maxParticipants" />} />
        <NumberField
          {...editor.field.number('booking_cutoff_minutes')}
          unit={intl.formatMessage({ id: 'services.minutes' })}
          hint={<FormattedMessage id="services.cutoffHint" />}
          label={<FormattedMessage id="services.cutoff" />}
        />
        <SelectField {...editor.field.select('confirmation')} options={services.fields.confirmation.enum} labelPrefix="confirmation" label={<FormattedMessage id="services.confirmation" />} />
        <SelectField
          {...editor.field.select('cancellation_policy')}
          options={services.fields.cancellation_policy.enum}
          labelPrefix="cancellationPolicy"
          label={<FormattedMessage id="services.cancellationPolicy" />}
        />
      </div>
      <TermChoices editor={editor} name="interest_ids" terms={terms.interests} label="services.interests" />
      <TermChoices editor={editor} name="amenity_ids" terms={terms.amenities} label="services.amenities" />
    </RecordEditorPanel>
  );
}

/** Category, then a subcategory among that category's children only. */
export function CategoryFields({ editor, terms }: { editor: RecordEditor; terms: ReferenceData }) {
  const category = editor.field.select<string>('category_id');
  const sub = editor.field.custom<string | null>('subcategory_id', null);
  return (
    <div className="form-grid">
      <TermSelect
        {...category}
        terms={terms.categories.filter((c) => !c.parent_id)}
        empty="services.chooseCategory"
        label={<FormattedMessage id="services.category" />}
        onChange={(value) => {
          category.onChange(value);
          // A subcategory of another category would be refused.
          if (sub.value) sub.onChange(null);
        }}
      />
      <TermSelect
        value={sub.value ?? ''}
        errors={sub.errors}
        terms={terms.categories.filter((c) => c.parent_id === category.value)}
        empty="services.noSubcategory"
        label={<FormattedMessage id="services.subcategory" />}
        onChange={(value) => sub.onChange(value || null)}
      />
    </div>
  );
}

/** A select of shared terms named in the user's language. */
function TermSelect({
  value,
  terms,
  empty,
  onChange,
  ...field
}: FieldBaseProps & { value: string; terms: ApiRecord[]; empty: string; onChange: (value: string) => void }) {
  const intl = useIntl();
  return (
    <Field {...field}>
      {(control) => (
        <select {...control} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{intl.formatMessage({ id: empty })}</option>
          {terms.map((t) => (
            <option key={t.id} value={t.id}>
              {localized(t.name_i18n, intl.locale)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A set of shared terms (interests, amenities) as checkboxes bound to a list of ids. */
function TermChoices({ editor, name, terms, label }: { editor: RecordEditor; name: string; terms: ApiRecord[]; label: string }) {
  const intl = useIntl();
  const id = useId();
  const field = editor.field.custom<string[]>(name, []);
  const chosen = new Set(field.value);
  if (terms.length === 0) return null;
  return (
    <fieldset className="fieldset service-terms" {...(field.errors ? { 'aria-describedby': `${id}-error` } : {})}>
      <legend>
        <FormattedMessage id={label} />
      </legend>
      <div className="service-term-grid">
        {terms.map((term) => (
          <label key={term.id} className="field-inline">
            <input
              type="checkbox"
              checked={chosen.has(term.id)}
              onChange={(e) => field.onChange(e.target.checked ? [...field.value, term.id] : field.value.filter((v) => v !== term.id))}
            />
            {localized(term.name_i18n, intl.locale)}
          </label>
        ))}
      </div>
      {field.errors && <ErrorList id={`${id}-error`} errors={field.errors} />}
    </fieldset>
  );
}
