import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { pathOf, routeByKey } from '../../../app/routes.ts';
import type { ApiRecord } from '../../../api/resources.ts';
import { CommandDialog } from '../../ui/CommandDialog.tsx';
import { defineCommand, useCommand } from '../../ui/command.ts';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { formatDate, formatMoney } from '../../ui/format.ts';
import type { RelatedState } from '../../ui/recordScreen.ts';
import { useStaff } from '../../../app/permissions.ts';

const merge = defineCommand({ command: 'customerMerge' });

/**
 * The other customers with the same phone or email as this one, on the customer's page
 * (read beside the customer: the page's `duplicates`); staff merge one of them into this
 * customer (everything it has moves here, and it is kept only as a pointer to this
 * record). A customer merged itself says where it went.
 */
export function CustomerDuplicates({
  customer,
  duplicates,
  onMerge,
}: {
  customer: ApiRecord;
  duplicates: RelatedState<ApiRecord[]>;
  /** Staff chose one to merge into this customer: the page asks to confirm. */
  onMerge: (other: ApiRecord) => void;
}) {
  const intl = useIntl();
  const staff = useStaff();
  const detail = routeByKey('customerDetail');
  const name = String(customer.name ?? '');

  if (typeof customer.merged_into_id === 'string') {
    return (
      <section className="customer-merge" aria-labelledby="customer-merge-heading">
        <h2 id="customer-merge-heading">
          <FormattedMessage id="merge.heading" />
        </h2>
        <p className="notice notice-info">
          <FormattedMessage
            id="merge.mergedInto"
            values={{ link: (text) => <Link href={pathOf(detail, customer.merged_into_id as string)}>{text}</Link> }}
          />
        </p>
      </section>
    );
  }

  const rows = duplicates.data ?? [];
  const busy = duplicates.state === 'loading' || duplicates.state === 'refreshing';
  return (
    <section className="customer-merge" aria-labelledby="customer-merge-heading" aria-busy={busy || undefined}>
      <h2 id="customer-merge-heading">
        <FormattedMessage id="merge.heading" />
      </h2>
      {duplicates.state === 'failed' ? (
        <ErrorState detail={duplicates.error.detail || undefined} onRetry={duplicates.retry} />
      ) : duplicates.data === undefined ? (
        <p className="muted">
          <FormattedMessage id="common.loading" />
        </p>
      ) : rows.length === 0 ? (
        <p className="muted">
          <FormattedMessage id="merge.none" />
        </p>
      ) : (
        <>
          <p className="muted">
            <FormattedMessage id="merge.intro" values={{ count: rows.length }} />
          </p>
          <ul className="customer-merge-list">
            {rows.map((d) => (
              <li key={d.id} className="customer-merge-item">
                <div className="customer-merge-who">
                  <Link href={pathOf(detail, d.id)}>{String(d.name)}</Link>
                  <span className="muted">
                    <bdi dir="ltr">{String(d.phone)}</bdi>
                    {d.email ? (
                      <>
                        {' · '}
                        <bdi dir="ltr">{String(d.email)}</bdi>
                      </>
                    ) : null}
                  </span>
                  <span className="muted">
                    <FormattedMessage
                      id="merge.figures"
                      values={{
                        bookings: Number(d.bookings_count ?? 0),
                        spend: formatMoney(intl, Number(d.lifetime_spend ?? 0)),
                        wallet: formatMoney(intl, Number(d.wallet_balance ?? 0)),
                        points: Number(d.loyalty_points ?? 0),
                        since: formatDate(intl, d.created_at as string),
                      }}
                    />
                  </span>
                </div>
                {staff && (
                  <button
                    type="button"
                    className="button"
                    disabled={busy}
                    aria-label={intl.formatMessage({ id: 'merge.mergeNamed' }, { other: String(d.name), name })}
                    onClick={() => onMerge(d)}
                  >
                    <FormattedMessage id="merge.merge" />
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** Staff confirm merging `other` into the customer, at the version shown; the server's refusal (a stale version) stays in the dialog. */
export function MergeDialog({ customer, other, onClose }: { customer: ApiRecord; other: ApiRecord; onClose: (merged: boolean) => void }) {
  const form = useCommand(merge, { fixed: { id: customer.id, other_id: other.id, version: customer.version }, onDone: () => onClose(true) });
  const names = { other: String(other.name ?? ''), name: String(customer.name ?? '') };
  return (
    <CommandDialog
      form={form}
      title={<FormattedMessage id="merge.confirmTitle" values={names} />}
      description={<FormattedMessage id="merge.confirmBody" values={names} />}
      submitLabel={<FormattedMessage id={form.busy ? 'merge.merging' : 'merge.merge'} />}
      danger
      onClose={() => onClose(false)}
    />
  );
}
