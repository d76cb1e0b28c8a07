import { useActorRef, useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { pathOf, routeByKey } from '../../../app/routes.ts';
import type { ApiRecord } from '../../../api/resources.ts';
import { duplicatesMachine } from '../../../machines/customers/duplicates.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { ErrorText } from '../../ui/fields/Field.tsx';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { formatDate, formatMoney } from '../../ui/format.ts';
import { useStaff } from '../../../app/permissions.ts';

/**
 * The other customers with the same phone or email as this one, on the customer's page;
 * staff merge one of them into this customer (everything it has moves here, and it is
 * kept only as a pointer to this record). A customer merged itself says where it went.
 */
export function CustomerDuplicates({ customer, onMerged }: { customer: ApiRecord; onMerged: () => void }) {
  const intl = useIntl();
  const staff = useStaff();
  const detail = routeByKey('customerDetail');
  const actor = useActorRef(duplicatesMachine.provide({ actions: { merged: () => onMerged() } }), {
    input: { id: customer.id, version: customer.version },
  });
  const snapshot = useSelector(actor, (s) => s);
  const { duplicates, chosen, error } = snapshot.context;
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

  return (
    <section className="customer-merge" aria-labelledby="customer-merge-heading" aria-busy={snapshot.hasTag('busy') || undefined}>
      <h2 id="customer-merge-heading">
        <FormattedMessage id="merge.heading" />
      </h2>
      {snapshot.matches('failed') ? (
        <ErrorState onRetry={() => actor.send({ type: 'retry' })} />
      ) : snapshot.matches('loading') && duplicates.length === 0 ? (
        <p className="muted">
          <FormattedMessage id="common.loading" />
        </p>
      ) : duplicates.length === 0 ? (
        <p className="muted">
          <FormattedMessage id="merge.none" />
        </p>
      ) : (
        <>
          <p className="muted">
            <FormattedMessage id="merge.intro" values={{ count: duplicates.length }} />
          </p>
          <ul className="customer-merge-list">
            {duplicates.map((d) => (
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
                    disabled={snapshot.hasTag('busy')}
                    aria-label={intl.formatMessage({ id: 'merge.mergeNamed' }, { other: String(d.name), name })}
                    onClick={() => actor.send({ type: 'choose', duplicate: d })}
                  >
                    <FormattedMessage id="merge.merge" />
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        open={chosen !== null}
        title={<FormattedMessage id="merge.confirmTitle" values={{ other: String(chosen?.name ?? ''), name }} />}
        description={<FormattedMessage id="merge.confirmBody" values={{ other: String(chosen?.name ?? ''), name }} />}
        confirmLabel={<FormattedMessage id={snapshot.matches('merging') ? 'merge.merging' : 'merge.merge'} />}
        danger
        busy={snapshot.matches('merging')}
        onCancel={() => actor.send({ type: 'cancel' })}
        onConfirm={() => actor.send({ type: 'confirm' })}
      >
        {error && (
          <p className="notice notice-error" role="alert">
            <ErrorText text={error} />
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
