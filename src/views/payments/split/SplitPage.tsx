import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearch } from 'wouter';
import type { PageProps } from '../../../app/routes.ts';
import { pathOf, routeByKey } from '../../../app/routes.ts';
import { CommissionTab } from './CommissionTab.tsx';
import { EntriesTab } from './EntriesTab.tsx';
import { PayoutsTab } from './PayoutsTab.tsx';
import { SPLIT_TABS, type SplitTab } from './splitScreens.ts';
import { useStaff } from '../../../app/permissions.ts';

/**
 * How each payment divides and how vendors are paid: the split of every payment and
 * refund, the payout batches, and (staff) each vendor's commission. The tab is in the URL;
 * the payouts have their own address too (a sidebar entry), where their tab is the page.
 */
export function SplitPage(props: PageProps) {
  const staff = useStaff();
  const asked = new URLSearchParams(useSearch()).get('tab');
  const tabs = SPLIT_TABS.filter((tab) => staff || tab !== 'commission');
  const tab: SplitTab = props.route.key === 'payouts' ? 'payouts' : (tabs.find((t) => t === asked) ?? 'splits');
  const nav = <SplitTabs tabs={tabs} current={tab} />;
  if (tab === 'payouts') return <PayoutsTab {...props} staff={staff} tabs={nav} />;
  if (tab === 'commission') return <CommissionTab {...props} tabs={nav} />;
  return <EntriesTab {...props} staff={staff} tabs={nav} />;
}

/** The tabs as links (each its own address), the current one marked for assistive technology. */
function SplitTabs({ tabs, current }: { tabs: readonly SplitTab[]; current: SplitTab }) {
  const intl = useIntl();
  const split = pathOf(routeByKey('paymentsSplit'));
  const href = (tab: SplitTab) => (tab === 'payouts' ? pathOf(routeByKey('payouts')) : `${split}?tab=${tab}`);
  return (
    <nav className="split-tabs" aria-label={intl.formatMessage({ id: 'payouts.tabs' })}>
      {tabs.map((tab) => (
        <Link key={tab} href={href(tab)} className="split-tab" aria-current={tab === current ? 'page' : undefined}>
          <FormattedMessage id={`payouts.tab.${tab}`} />
        </Link>
      ))}
    </nav>
  );
}
