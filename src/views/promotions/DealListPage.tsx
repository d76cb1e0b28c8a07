import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import type { PageProps } from '../../app/routes.ts';
import { pathOf } from '../../app/routes.ts';
import { deals } from '../../../common/collections.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import type { Column } from '../ui/DataTable.tsx';
import { DateTimeField } from '../ui/fields/DateTimeField.tsx';
import { I18nTextField } from '../ui/fields/I18nTextField.tsx';
import { NumberField } from '../ui/fields/NumberField.tsx';
import { SelectField } from '../ui/fields/SelectField.tsx';
import { ToggleField } from '../ui/fields/ToggleField.tsx';
import { formatDateTime, localized, localizedOrdering } from '../ui/format.ts';
import { ListScreen } from '../ui/ListScreen.tsx';
import { useListScreen } from '../ui/listScreen.ts';
import { RecordEditorPanel } from '../ui/RecordEditorPanel.tsx';
import { RelationPicker } from '../ui/RelationPicker.tsx';
import { StatusChip } from '../ui/StatusChip.tsx';
import { usePageTitle } from '../ui/usePageTitle.ts';
import { usePanelParam } from '../ui/usePanelParam.ts';
import { useRead } from '../ui/useRead.ts';
import { useRecordEditor } from '../ui/useRecordEditor.ts';
import { DEAL_DEFAULTS, dealsScreen, NEW_PROMOTION, type DealRow } from './promotionScreens.ts';
import { ServicesField } from './ServicesField.tsx';
import { useStaff } from '../../app/permissions.ts';

const percent = (intl: ReturnType<typeof useIntl>, value: number) => intl.formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 2 });

/** Deals: a vendor's services shown at a percentage off for a while, featured or not. */
export function DealListPage({ route }: PageProps) {
  const intl = useIntl();
  const staff = useStaff();
  const list = useListScreen(dealsScreen);
  const [, navigate] = useLocation();
  const panel = usePanelParam(pathOf(route), dealsScreen.panels ?? []);
  const editing = panel.get('edit');

  const columns: Column<DealRow>[] = [
    { key: 'title', header: 'deal.title', priority: 1, sortField: localizedOrdering('title_i18n', intl.locale), render: (r) => localized(r.title_i18n, intl.locale) },
    { key: 'percent', header: 'deal.percent', priority: 1, sortField: 'discount_percent', align: 'end', render: (r) => percent(intl, r.discount_percent) },
    { key: 'services', header: 'promotion.services', priority: 3, align: 'end', render: (r) => intl.formatNumber(r.service_ids.length) },
    { key: 'starts', header: 'deal.startsAt', priority: 2, sortField: 'starts_at', render: (r) => formatDateTime(intl, r.starts_at) },
    { key: 'ends', header: 'deal.endsAt', priority: 2, sortField: 'ends_at', render: (r) => formatDateTime(intl, r.ends_at) },
    ...(staff ? [{ key: 'vendor', header: 'promotion.vendor', priority: 3 as const, render: (r: DealRow) => r._expanded?.vendor_id?.trade_name ?? '—' }] : []),
    { key: 'featured', header: 'deal.featured', priority: 3, render: (r) => (r.featured ? <FormattedMessage id="deal.featuredYes" /> : <span className="muted">—</span>) },
    { key: 'active', header: 'promotion.active', priority: 1, render: (r) => <StatusChip status={r.active ? 'active' : 'inactive'} kind="promotionActive" /> },
  ];

  return (
    <ListScreen
      route={route}
      screen={dealsScreen}
      list={list}
      staff={staff}
      columns={columns}
      empty={<FormattedMessage id="deal.none" />}
      tableName="deals"
      rowHref={(row) => panel.href('edit', row.id)}
      actions={
        <Link href={panel.href('edit', NEW_PROMOTION)} className="button button-primary">
          <FormattedMessage id="deal.new" />
        </Link>
      }
      side={
        editing ? (
          <DealEditor
            key={editing}
            id={editing === NEW_PROMOTION ? null : editing}
            onClose={(saved) => {
              navigate(panel.href('edit', null));
              if (saved) list.send({ type: 'refresh' });
            }}
          />
        ) : null
      }
    />
  );
}

/** A deal's words in three languages, its services, percentage and dates, edited beside the list. */
function DealEditor({ id, onClose }: { id: string | null; onClose: (saved: boolean) => void }) {
  const intl = useIntl();
  const staff = useStaff();
  const editor = useRecordEditor({ resource: deals.name, id, defaults: DEAL_DEFAULTS, limits: deals.fields, onClose });
  const { snapshot, context, field, set, value } = editor;
  usePageTitle(id === null ? intl.formatMessage({ id: 'deal.new' }) : context.record ? localized(context.record.title_i18n, intl.locale) : null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  // Staff's new deal: the vendor chosen is in the draft, shown by name.
  const picked = id === null && staff ? ((value('vendor_id') as string | null | undefined) ?? null) : null;
  const vendor = useRead('record', picked ? { collection: 'vendors', id: picked } : null).data ?? null;
  const services = field.custom<string[]>('service_ids', []);
  const funder = field.select<'platform' | 'vendor' | 'shared'>('funded_by');
  const vendorId = id === null ? (staff ? (picked ?? undefined) : undefined) : (context.record?.vendor_id as string | undefined);

  const summary = (r: Record<string, unknown> | null) =>
    r ? (
      <>
        <span>{localized(r.title_i18n, intl.locale)}</span> · {percent(intl, Number(r.discount_percent ?? 0))} · {formatDateTime(intl, String(r.starts_at))} – {formatDateTime(intl, String(r.ends_at))}
      </>
    ) : (
      '—'
    );

  const save = () => {
    editor.record.send({ type: 'save' });
  };

  return (
    <RecordEditorPanel
      editor={editor}
      className="promotion-editor"
      heading={<FormattedMessage id={id === null ? 'deal.new' : 'deal.edit'} />}
      summary={summary}
      closeLabel="promotion.close"
      onClose={onClose}
      onSave={save}
      focusHeading
      extraActions={
        id !== null && (
          <button type="button" className="button button-danger form-actions-start" disabled={editor.busy} onClick={() => setConfirmingDelete(true)}>
            <FormattedMessage id={snapshot.matches('deleting') ? 'promotion.deleting' : 'promotion.delete'} />
          </button>
        )
      }
    >
      {staff && id === null && (
        <RelationPicker
          resource="vendors"
          label={<FormattedMessage id="promotion.vendor" />}
          value={vendor}
          onChange={(v) => {
            set('vendor_id', v?.id ?? null);
            services.onChange([]);
          }}
          optionLabel={(v) => String(v.trade_name ?? '')}
          required
        />
      )}
      <I18nTextField {...field.i18n('title_i18n')} label={<FormattedMessage id="deal.title" />} />
      <I18nTextField {...field.i18n('description_i18n')} label={<FormattedMessage id="deal.description" />} multiline={3} />
      {(!staff || id !== null || picked) && <ServicesField {...services} vendorId={vendorId} max={deals.fields.service_ids.maxItems ?? 50} />}
      <div className="form-grid">
        <NumberField {...field.number('discount_percent')} decimals={2} unit="%" label={<FormattedMessage id="deal.percent" />} />
        <DateTimeField {...field.date('starts_at')} mode="datetime" label={<FormattedMessage id="deal.startsAt" />} />
        <DateTimeField {...field.date('ends_at')} mode="datetime" min={field.date('starts_at').value} label={<FormattedMessage id="deal.endsAt" />} />
      </div>
      {/* A deal is its vendor's: the vendor funds it unless staff charge part or all of it to the platform. */}
      <fieldset className="fieldset">
        <legend>
          <FormattedMessage id="promotion.fundedBy" />
        </legend>
        {staff ? (
          <div className="form-grid">
            <SelectField {...funder} value={funder.value || 'vendor'} label={<FormattedMessage id="promotion.funder" />} options={deals.fields.funded_by.enum} labelPrefix="promotionFunder" />
            {funder.value === 'shared' && (
              <NumberField {...field.number('platform_share_percent')} required unit="%" label={<FormattedMessage id="promotion.platformShare" />} />
            )}
          </div>
        ) : (
          <p className="promotion-funder">
            <FormattedMessage id={`promotionFunder.${String(value('funded_by') ?? 'vendor')}`} />
            {value('funded_by') === 'shared' && (
              <>
                {' · '}
                <FormattedMessage id="promotion.platformPays" values={{ percent: intl.formatNumber(Number(value('platform_share_percent') ?? 0) / 100, { style: 'percent' }) }} />
              </>
            )}
          </p>
        )}
      </fieldset>
      <ToggleField {...field.toggle('featured')} label={<FormattedMessage id="deal.featuredLabel" />} />
      <ToggleField {...field.toggle('active')} label={<FormattedMessage id="promotion.activeLabel" />} />
      <ConfirmDialog
        open={confirmingDelete}
        title={<FormattedMessage id="promotion.deleteTitle" values={{ name: localized(context.record?.title_i18n, intl.locale) }} />}
        description={<FormattedMessage id="promotion.deleteBody" />}
        confirmLabel={<FormattedMessage id="promotion.delete" />}
        danger
        onConfirm={() => {
          setConfirmingDelete(false);
          editor.deleteConfirmed();
        }}
        onCancel={() => setConfirmingDelete(false)}
      />
    </RecordEditorPanel>
  );
}
