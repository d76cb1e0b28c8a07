import { useRef } from 'react';
import { useKnownRecords } from '../catalog/useKnownRecords.ts';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { usePageReady } from '../../app/pageReady.ts';
import type { PageProps } from '../../app/routes.ts';
import { pathOf, routeByKey } from '../../app/routes.ts';
import { services } from '../../../common/collections.ts';
import { I18nTextField } from '../ui/fields/I18nTextField.tsx';
import { NumberField } from '../ui/fields/NumberField.tsx';
import { PageFrame } from '../ui/PageFrame.tsx';
import { RecordEditorPanel } from '../ui/RecordEditorPanel.tsx';
import { RelationPicker } from '../ui/RelationPicker.tsx';
import { useRecordEditor } from '../ui/useRecordEditor.ts';
import { CategoryFields } from './ServiceDetails.tsx';
import { TermsFailed, useReferenceData } from './useReferenceData.tsx';
import { useStaff } from '../../app/permissions.ts';

/** What a new service starts with; the rest is completed on its page. */
const NEW_SERVICE_DEFAULTS = { title_i18n: { en: '', fr: '', ar: '' }, duration_minutes: 60, capacity: 10 };

/**
 * A new service from the least it needs (title, category, duration, capacity, and for
 * staff the vendor it belongs to); saved, it opens on its page's Details tab.
 */
export function NewServicePage({ route }: PageProps) {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const staff = useStaff();
  const list = routeByKey('servicesList');
  const detail = routeByKey('serviceDetail');
  const created = useRef<string | null>(null);
  const editor = useRecordEditor({
    resource: services.name,
    id: null,
    defaults: NEW_SERVICE_DEFAULTS,
    limits: services.fields,
    onClose: (saved) => navigate(saved && created.current ? pathOf(detail, created.current) : pathOf(list)),
  });
  created.current = editor.context.record?.id ?? null;
  const { terms, read: termsRead } = useReferenceData();
  // The vendor picked, shown by its name (the form keeps its id).
  const vendors = useKnownRecords('vendors');
  const vendorField = editor.field.custom<string | null>('vendor_id', null);
  usePageReady(true);

  return (
    <PageFrame route={route} id={intl.formatMessage({ id: 'services.newHeading' })} heading={<FormattedMessage id="services.newHeading" />}>
      <RecordEditorPanel
        editor={editor}
        className="service-new"
        heading={<FormattedMessage id="services.newIntro" />}
        summary={(r) => (r ? String((r.title_i18n as Record<string, string> | undefined)?.en ?? '') : '—')}
        closeLabel="common.cancel"
        onClose={() => navigate(pathOf(list))}
      >
        {staff && (
          <RelationPicker
            resource="vendors"
            label={<FormattedMessage id="services.vendor" />}
            required
            value={vendorField.value ? (vendors.records[vendorField.value] ?? null) : null}
            optionLabel={(v) => String(v.trade_name ?? '')}
            errors={vendorField.errors}
            onChange={(v) => {
              if (v) vendors.picked(v);
              vendorField.onChange(v?.id ?? null);
            }}
          />
        )}
        <TermsFailed read={termsRead} />
        <I18nTextField {...editor.field.i18n('title_i18n')} label={<FormattedMessage id="services.title" />} />
        <CategoryFields editor={editor} terms={terms} />
        <div className="form-grid">
          <NumberField {...editor.field.number('duration_minutes')} unit={intl.formatMessage({ id: 'services.minutes' })} label={<FormattedMessage id="services.duration" />} />
          <NumberField {...editor.field.number('capacity')} label={<FormattedMessage id="services.capacity" />} />
        </div>
      </RecordEditorPanel>
    </PageFrame>
  );
}
