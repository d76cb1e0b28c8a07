import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import type { PageProps } from '../../../app/routes.ts';
import { pathOf } from '../../../app/routes.ts';
import type { Column } from '../../ui/DataTable.tsx';
import { formatDateTime, localized } from '../../ui/format.ts';
import { ListScreen } from '../../ui/ListScreen.tsx';
import { useListScreen } from '../../ui/listScreen.ts';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { usePanelParam } from '../../ui/usePanelParam.ts';
import { SettingsNav } from '../SettingsNav.tsx';
import { BannerEditor } from './BannerEditor.tsx';
import { bannersScreen, bannerState, NEW_BANNER, type BannerRow } from './bannersScreen.ts';

/** The customer app's banners in their order, the ones shown today marked; each edited beside the list with a preview. */
export function BannerListPage({ route }: PageProps) {
  const intl = useIntl();
  const list = useListScreen(bannersScreen);
  const [, navigate] = useLocation();
  const panel = usePanelParam(pathOf(route), bannersScreen.panels ?? []);
  const editing = panel.get('edit');
  const close = (saved: boolean) => {
    navigate(panel.href('edit', null));
    if (saved) list.send({ type: 'refresh' });
  };

  // The first column names the row's link: the title (an untitled banner says so), then the image.
  const columns: Column<BannerRow>[] = [
    { key: 'title', header: 'settings.banner.title_i18n', priority: 1, render: (r) => localized(r.title_i18n, intl.locale) || intl.formatMessage({ id: 'settings.banner.untitled' }) },
    {
      key: 'image',
      header: 'settings.banner.image_url',
      priority: 2,
      render: (r) => <img className="banner-thumb" src={r.image_url} alt="" loading="lazy" />,
    },
    { key: 'locale', header: 'settings.banner.locale', priority: 2, render: (r) => <FormattedMessage id={`settings.banner.localeOption.${r.locale}`} /> },
    {
      key: 'dates',
      header: 'settings.banner.dates',
      priority: 3,
      sortField: 'starts_at',
      render: (r) => `${formatDateTime(intl, r.starts_at)} – ${formatDateTime(intl, r.ends_at)}`,
    },
    { key: 'order', header: 'settings.banner.sort_order', priority: 2, sortField: 'sort_order', align: 'end', render: (r) => intl.formatNumber(r.sort_order) },
    {
      key: 'live',
      header: 'settings.banner.state',
      priority: 1,
      render: (r) => <StatusChip status={bannerState(r)} kind="settings.banner.status" />,
    },
  ];

  return (
    <ListScreen
      route={route}
      screen={bannersScreen}
      list={list}
      staff
      columns={columns}
      empty={<FormattedMessage id="settings.banner.none" />}
      tableName="banners"
      rowHref={(row) => panel.href('edit', row.id)}
      actions={
        <Link href={panel.href('edit', NEW_BANNER)} className="button button-primary">
          <FormattedMessage id="settings.banner.new" />
        </Link>
      }
      lead={<SettingsNav current={route} />}
      side={editing ? <BannerEditor key={editing} id={editing === NEW_BANNER ? null : editing} onClose={close} /> : null}
    />
  );
}
