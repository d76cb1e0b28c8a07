import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useSearch } from 'wouter';
import { usePageReady } from '../../app/pageReady.ts';
import type { PageProps } from '../../app/routes.ts';
import { services, type ServicesRecord } from '../../../common/collections.ts';
import { allowedEvents } from '../../../common/lifecycles/index.ts';
import { MediaManager } from '../media/MediaManager.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { localized } from '../ui/format.ts';
import { PageFrame } from '../ui/PageFrame.tsx';
import { useRecordScreen, useRelated } from '../ui/recordScreen.ts';
import { StatusChip } from '../ui/StatusChip.tsx';
import { useRecordEditor } from '../ui/useRecordEditor.ts';
import { AdrenalineTab } from './adrenaline/AdrenalineTab.tsx';
import { AvailabilityTab } from './availability/AvailabilityTab.tsx';
import { PricesTab } from './prices/PricesTab.tsx';
import { ServiceDetails } from './ServiceDetails.tsx';
import { ServiceBookings, ServiceHistory, ServiceReviews } from './ServiceRelatedTabs.tsx';
import { PUBLISHING_ORDER, SERVICE_TABS, serviceScreen, tabOf, type ServiceTab } from './servicePage.ts';
import { ServiceTabs, type TabDef } from './ServiceTabs.tsx';
import { useStaff } from '../../app/permissions.ts';

/**
 * One service: its status and the publishing actions its chart allows, then its tabs
 * (details, availability, prices, media, adrenaline profile, reviews, bookings, history),
 * the open one kept in the URL. Each tab's part asks the page to read the service again
 * when it changed something the service shows (`onChanged`). The name of its vendor is
 * read beside it (serviceScreen).
 */
export function ServiceDetailPage({ route, params }: PageProps) {
  const intl = useIntl();
  const id = params.id ?? '';
  const { screen, record } = useRecordScreen(serviceScreen, id);
  const snapshot = useSelector(record, (s) => s);
  const names = useRelated(screen, serviceScreen, 'names');
  const staff = useStaff();
  const [path, navigate] = useLocation();
  const tab = tabOf(useSearch());
  const [archiving, setArchiving] = useState(false);
  const reload = () => screen.send({ type: 'reload' });
  // The Details tab's form: saved, the page reads the service again; cancelled, it starts again from the saved service.
  const details = useRecordEditor({
    resource: services.name,
    id,
    defaults: {},
    limits: services.fields,
    onClose: (saved) => (saved ? reload() : details.record.send({ type: 'cancel' })),
  });
  // A transition, or a change made from another tab, gives the service a new version: the form takes it when nothing is typed, and says so otherwise.
  const version = snapshot.context.record?.version;
  useEffect(() => {
    if (version !== undefined) details.record.send({ type: 'remote.changed', version });
  }, [version]);
  // A transition changes the service's version: unsaved details would have to be typed again.
  const detailsDirty = details.dirty;
  usePageReady(!snapshot.matches('loading'));

  if (snapshot.matches('notFound')) {
    return (
      // No id in the breadcrumb: a vendor must not learn another vendor's service ids from it.
      <PageFrame route={route}>
        <EmptyState title={<FormattedMessage id="record.notFound" />} />
      </PageFrame>
    );
  }
  if (snapshot.matches('failed')) {
    return (
      <PageFrame route={route}>
        <ErrorState detail={snapshot.context.error?.detail} onRetry={() => record.send({ type: 'retry' })} />
      </PageFrame>
    );
  }
  const service = snapshot.context.record as ServicesRecord | null;
  if (!service) return null;

  const title = localized(service.title_i18n, intl.locale);
  const busy = snapshot.hasTag('busy');
  // The shared chart says which actions show; the server applies the same chart and refuses the rest.
  const allowed = allowedEvents('publishing', service.status, { now: new Date().toISOString(), role: staff ? 'staff' : 'vendor', record: service });
  const actions = PUBLISHING_ORDER.filter((event) => allowed.includes(event));
  const transition = (event: string) => record.send({ type: 'transition', event });
  // A refused publish names what is missing at its field; the details tab shows them there.
  const refusal = snapshot.matches('viewing') ? snapshot.context.fieldErrors : {};

  const tabs: TabDef<ServiceTab>[] = SERVICE_TABS.map((key) => ({
    key,
    label: `services.tab.${key}`,
    render: () => {
      switch (key) {
        case 'details':
          return (
            <ServiceDetails
              editor={details}
              service={service}
              names={names.data ?? null}
              staff={staff}
              refusal={refusal}
              tabHref={(t) => `${path}?tab=${t}`}
            />
          );
        case 'availability':
          return <AvailabilityTab service={service} onChanged={reload} />;
        case 'prices':
          return <PricesTab service={service} onChanged={reload} />;
        case 'media':
          return <MediaManager ownerType="service" ownerId={service.id} />;
        case 'adrenaline':
          return <AdrenalineTab service={service} onChanged={reload} />;
        case 'reviews':
          return <ServiceReviews service={service} />;
        case 'bookings':
          return <ServiceBookings service={service} />;
        case 'history':
          return <ServiceHistory service={service} />;
      }
    },
  }));

  return (
    <PageFrame route={route} id={title} heading={title || <FormattedMessage id="route.serviceDetail" />}>
      <div className="record-header">
        <StatusChip status={service.status} kind="serviceStatus" />
        <div className="record-actions" role="group" aria-label={intl.formatMessage({ id: 'services.actions' })}>
          {actions.map((event) => (
            <button
              key={event}
              type="button"
              className={event === 'publish' ? 'button button-primary' : 'button'}
              disabled={busy || detailsDirty}
              aria-describedby={detailsDirty ? 'service-save-first' : undefined}
              onClick={() => (event === 'archive' ? setArchiving(true) : transition(event))}
            >
              <FormattedMessage id={`publishingEvent.${event}`} />
            </button>
          ))}
          {detailsDirty && actions.length > 0 && (
            <span id="service-save-first" className="muted">
              <FormattedMessage id="services.saveFirst" />
            </span>
          )}
        </div>
      </div>
      {snapshot.context.error && snapshot.matches('viewing') && (
        <div className="notice notice-error" role="alert">
          {snapshot.context.error.detail}
        </div>
      )}
      <ServiceTabs
        tabs={tabs}
        current={tab}
        label={intl.formatMessage({ id: 'services.tabs' })}
        onSelect={(key) => navigate(key === 'details' ? path : `${path}?tab=${key}`, { replace: true })}
      />
      <ConfirmDialog
        open={archiving}
        title={<FormattedMessage id="services.archiveTitle" />}
        description={<FormattedMessage id="services.archiveWhat" values={{ title }} />}
        confirmLabel={<FormattedMessage id="publishingEvent.archive" />}
        danger
        busy={busy}
        onConfirm={() => {
          setArchiving(false);
          transition('archive');
        }}
        onCancel={() => setArchiving(false)}
      />
    </PageFrame>
  );
}
