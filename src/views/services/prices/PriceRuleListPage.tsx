import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import type { PageProps } from '../../../app/routes.ts';
import { pathOf } from '../../../app/routes.ts';
import type { Column } from '../../ui/DataTable.tsx';
import { localized } from '../../ui/format.ts';
import { ListScreen } from '../../ui/ListScreen.tsx';
import { useListScreen } from '../../ui/listScreen.ts';
import type { ApiRecord } from '../../../api/resources.ts';
import { usePanelParam } from '../../ui/usePanelParam.ts';
import { useRead } from '../../ui/useRead.ts';
import { Related } from '../../ui/Related.tsx';
import { priceRuleColumns } from './priceColumns.tsx';
import { PricePreview } from './PricePreview.tsx';
import { PriceRuleEditor } from './PriceRuleEditor.tsx';
import { NEW_PRICE_RULE, priceRulesScreen, type PriceRuleRow } from './priceRulesScreen.ts';
import { useStaff } from '../../../app/permissions.ts';

/**
 * Every price rule of the user's services (all vendors' for staff), by validity, service,
 * customer type; a rule edited beside the list, or a service's price previewed there.
 */
export function PriceRuleListPage({ route }: PageProps) {
  const intl = useIntl();
  const staff = useStaff();
  const list = useListScreen(priceRulesScreen);
  const [, navigate] = useLocation();
  const panel = usePanelParam(pathOf(route), priceRulesScreen.panels ?? []);
  const editing = panel.get('edit');
  const previewing = panel.get('preview');
  // The service previewed is named by the URL: its title and currency come from the server.
  const previewed = useRead('record', previewing ? { collection: 'services', id: previewing } : null);

  const serviceColumn: Column<PriceRuleRow> = {
    key: 'service',
    header: 'prices.service',
    priority: 1,
    render: (r) => localized(r._expanded?.service_id?.title_i18n, intl.locale) || '—',
  };
  const vendorColumns: Column<PriceRuleRow>[] = staff ? [{ key: 'vendor', header: 'booking.vendor', priority: 3, render: (r) => r._expanded?.vendor_id?.trade_name ?? '—' }] : [];
  const previewColumn: Column<PriceRuleRow> = {
    key: 'preview',
    header: 'prices.preview.column',
    priority: 1,
    render: (r) => (
      <Link
        href={panel.href('preview', r.service_id)}
        className="button button-small"
        aria-label={intl.formatMessage({ id: 'prices.preview.of' }, { service: localized(r._expanded?.service_id?.title_i18n, intl.locale) })}
      >
        <FormattedMessage id="prices.preview.open" />
      </Link>
    ),
  };

  const side = editing ? (
    <PriceRuleEditor
      key={editing}
      id={editing === NEW_PRICE_RULE ? null : editing}
      onClose={(saved) => {
        navigate(panel.href('edit', null));
        if (saved) list.send({ type: 'refresh' });
      }}
    />
  ) : previewing ? (
    <Related<ApiRecord> of={previewed}>
      {(previewService) => (
        <div className="price-preview-panel">
          <div className="prices-heading">
            <h2>{localized(previewService.title_i18n, intl.locale)}</h2>
            <Link href={panel.href('preview', null)} className="button button-ghost button-small">
              <FormattedMessage id="prices.preview.close" />
            </Link>
          </div>
          <PricePreview key={previewService.id} service={previewService as { id: string; currency?: string; customer_types?: string[] }} />
        </div>
      )}
    </Related>
  ) : null;

  return (
    <ListScreen
      route={route}
      screen={priceRulesScreen}
      list={list}
      staff={staff}
      columns={[...priceRuleColumns(intl, [serviceColumn, ...vendorColumns]), previewColumn]}
      empty={<FormattedMessage id="prices.none" />}
      tableName="price-rules"
      rowHref={(row) => panel.href('edit', row.id)}
      actions={
        <Link href={panel.href('edit', NEW_PRICE_RULE)} className="button button-primary">
          <FormattedMessage id="prices.rule.new" />
        </Link>
      }
      side={side}
    />
  );
}
