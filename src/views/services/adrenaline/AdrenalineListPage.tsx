import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import type { PageProps } from '../../../app/routes.ts';
import { pathOf } from '../../../app/routes.ts';
import type { Column } from '../../ui/DataTable.tsx';
import { localized, localizedOrdering } from '../../ui/format.ts';
import { ListScreen } from '../../ui/ListScreen.tsx';
import { useListScreen } from '../../ui/listScreen.ts';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { usePanelParam } from '../../ui/usePanelParam.ts';
import type { AdrenalineProfile } from './AdrenalineEditor.tsx';
import { AdrenalineEditor } from './AdrenalineEditor.tsx';
import { adrenalineScreen, type AdrenalineRow } from './adrenalineScreen.ts';
import { useStaff } from '../../../app/permissions.ts';

/** Services with their adrenaline profile (risk, who may take part, waiver, questions); a profile edited beside the list. */
export function AdrenalineListPage({ route }: PageProps) {
  const intl = useIntl();
  const staff = useStaff();
  const list = useListScreen(adrenalineScreen);
  const [, navigate] = useLocation();
  const panel = usePanelParam(pathOf(route), adrenalineScreen.panels ?? []);
  const editing = panel.get('edit');
  const profileOf = (r: AdrenalineRow) => r.adrenaline as AdrenalineProfile | null;
  const none = (
    <span className="muted">
      <FormattedMessage id="adrenaline.noProfile" />
    </span>
  );

  const columns: Column<AdrenalineRow>[] = [
    { key: 'title', header: 'adrenaline.service', priority: 1, sortField: localizedOrdering('title_i18n', intl.locale), render: (r) => localized(r.title_i18n, intl.locale) },
    ...(staff ? [{ key: 'vendor', header: 'booking.vendor', priority: 3 as const, render: (r: AdrenalineRow) => r._expanded?.vendor_id?.trade_name ?? '—' }] : []),
    {
      key: 'risk',
      header: 'adrenaline.riskLevel',
      priority: 1,
      render: (r) => {
        const p = profileOf(r);
        return p ? (
          <span className="risk-level" data-level={p.risk_level}>
            <FormattedMessage id={`adrenaline.risk.${p.risk_level}`} />
          </span>
        ) : (
          none
        );
      },
    },
    { key: 'age', header: 'adrenaline.minAge', priority: 2, align: 'end', render: (r) => (profileOf(r) ? <FormattedMessage id="adrenaline.ageValue" values={{ age: profileOf(r)!.min_age }} /> : '—') },
    {
      key: 'weight',
      header: 'adrenaline.weights',
      priority: 3,
      render: (r) => {
        const p = profileOf(r);
        if (!p || (p.min_weight_kg == null && p.max_weight_kg == null)) return '—';
        const kg = (n: number | null | undefined) => (n == null ? '…' : intl.formatNumber(n, { style: 'unit', unit: 'kilogram' }));
        return <FormattedMessage id="adrenaline.weightRange" values={{ min: kg(p.min_weight_kg), max: kg(p.max_weight_kg) }} />;
      },
    },
    { key: 'waiver', header: 'adrenaline.waiverShort', priority: 2, render: (r) => (profileOf(r) ? <FormattedMessage id={profileOf(r)!.waiver_required ? 'adrenaline.yes' : 'adrenaline.no'} /> : '—') },
    { key: 'questions', header: 'adrenaline.questions', priority: 3, align: 'end', render: (r) => (profileOf(r) ? intl.formatNumber(profileOf(r)!.health_questions.length) : '—') },
    { key: 'status', header: 'adrenaline.status', priority: 2, render: (r) => <StatusChip status={r.status} kind="serviceStatus" /> },
  ];

  return (
    <ListScreen
      route={route}
      screen={adrenalineScreen}
      list={list}
      staff={staff}
      columns={columns}
      empty={<FormattedMessage id="adrenaline.none" />}
      tableName="adrenaline"
      rowHref={(row) => panel.href('edit', row.id)}
      side={
        editing ? (
          <AdrenalineEditor
            key={editing}
            serviceId={editing}
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
