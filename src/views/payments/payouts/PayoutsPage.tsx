import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearch } from 'wouter';
import type { PageProps } from '../../../app/routes.ts';
import { pathOf, routeByKey } from '../../../app/routes.ts';
import { CommissionTab } from './CommissionTab.tsx';
import { EntriesTab } from './EntriesTab.tsx';
import { PayoutsTab } from './PayoutsTab.tsx';
import { PAYOUTS_PAGE_TABS, type PayoutsPageTab } from './payoutsScreens.ts';
import { useStaff } from '../../../app/permissions.ts';

/**
 * How each payment divides and how vendors are paid: the split of every payment and
 * refund, the payout batches, and (staff) each vendor's commission. The tab is in the URL;
 * the payouts have their own address too (a sidebar entry), where their tab is the page.
 */
export function PayoutsPage(props: PageProps) {
  const staff = useStaff();
  const asked = new URLSearchParams(useSearch()).get('tab');
  const tabs = PAYOUTS_PAGE_TABS.filter((tab) => staff || tab !== 'commission');
  const tab: PayoutsPageTab = props.route.key === 'payouts' ? 'payouts' : (tabs.find((t) => t === asked) ?? 'splits');
  const nav = <PayoutsPageTabs tabs={tabs} current={tab} />;
  if (tab === 'payouts') return <PayoutsTab {...props} staff={staff} tabs={nav} />;
  if (tab === 'commission') return <CommissionTab {...props} tabs={nav} />;
  return <EntriesTab {...props} staff={staff} tabs={nav} />;
}

/** The tabs as links (each its own address), the current one marked for assistive technology. */
function PayoutsPageTabs({ tabs, current }: { tabs: readonly PayoutsPageTab[]; current: PayoutsPageTab }) {
  const intl = useIntl();
  const split = pathOf(routeByKey('paymentsSplit'));
  const href = (tab: PayoutsPageTab) => (tab === 'payouts' ? pathOf(routeByKey('payouts')) : `${split}?tab=${tab}`);
  return (
    <nav className="payouts-page-tabs" aria-label={intl.formatMessage({ id: 'payouts.tabs' })}>
      {tabs.map((tab) => (
        <Link key={tab} href={href(tab)} className="payouts-page-tab" aria-current={tab === current ? 'page' : undefined}>
          <FormattedMessage id={`payouts.tab.${tab}`} />
        </Link>
      ))}
    </nav>
  );
}
