import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import type { ApiRecord } from '../../../api/resources.ts';
import type { ServicesRecord } from '../../../../common/collections.ts';
import { listMachine } from '../../../machines/resources/list.ts';
import { ListResults } from '../../ui/ListResults.tsx';
import { usePanelParam } from '../../ui/usePanelParam.ts';
import { priceRuleColumns } from './priceColumns.tsx';
import { PricePreview } from './PricePreview.tsx';
import { PriceRuleEditor } from './PriceRuleEditor.tsx';
import { NEW_PRICE_RULE, type PriceRuleRow } from './priceRulesScreen.ts';

/** The tab's list belongs to the service page, whose URL keeps only the tab and the rule open. */
const tabListMachine = listMachine.provide({ actions: { writeQueryToUrl: () => undefined } });

/**
 * A service's price rules (every validity), one edited beside them (`?rule=<id>` next to
 * the page's tab), and the price a booking of it would get.
 */
export function PricesTab({ service, onChanged }: { service: ServicesRecord; onChanged?: () => void }) {
  const intl = useIntl();
  const id = useId();
  const [path, navigate] = useLocation();
  const panel = usePanelParam(path, ['rule'] as const);
  const open = panel.get('rule');
  const list = useActorRef(tabListMachine, {
    input: { resource: 'price-rules', defaultOrdering: '-priority', query: { page: 1, page_size: 50, ordering: '-priority', search: '', filters: { service_id: service.id } } },
  });
  // The rules shown, each at its version: when they change (one saved here), the preview asks its price again.
  const revision = useSelector(list, (s) => s.context.page?.results.map((r) => `${r.id}@${r.version}`).sort().join(','));

  return (
    <div className="prices-tab">
      <section aria-labelledby={`${id}-rules`} className="prices-tab-rules">
        <div className="prices-heading">
          <h2 id={`${id}-rules`}>
            <FormattedMessage id="prices.tab.title" />
          </h2>
          <Link href={panel.href('rule', NEW_PRICE_RULE)} className="button button-primary">
            <FormattedMessage id="prices.rule.new" />
          </Link>
        </div>
        <ListResults<PriceRuleRow>
          list={list}
          name="service-price-rules"
          caption={intl.formatMessage({ id: 'prices.tab.title' })}
          columns={priceRuleColumns(intl)}
          rowHref={(row) => panel.href('rule', row.id)}
          empty={<FormattedMessage id="prices.tab.none" />}
        />
        {open && (
          <PriceRuleEditor
            key={open}
            id={open === NEW_PRICE_RULE ? null : open}
            service={service as unknown as ApiRecord}
            onClose={(saved) => {
              navigate(panel.href('rule', null));
              if (saved) {
                list.send({ type: 'refresh' });
                // The page shows whether the service can be published: that depends on its rules.
                onChanged?.();
              }
            }}
          />
        )}
      </section>
      <PricePreview service={service} revision={revision} />
    </div>
  );
}
