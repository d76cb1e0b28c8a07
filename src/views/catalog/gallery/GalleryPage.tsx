/**
 * The gallery: every image the user may see, as a grid, filtered by owner type, owner and
 * (for staff) vendor. Uploading needs the record the images belong to: once one is chosen,
 * its images are managed above the grid (upload, alt text, order, cover, delete).
 */
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { usePageReady } from '../../../app/pageReady.ts';
import type { PageProps } from '../../../app/routes.ts';
import { formatDate, localized } from '../../ui/format.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { FilterBar } from '../../ui/FilterBar.tsx';
import type { ListActor } from '../../ui/ListResults.tsx';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { RecordFilter } from '../../ui/RecordFilter.tsx';
import { useList } from '../../ui/useList.ts';
import { MediaImage } from '../../media/MediaImage.tsx';
import { MediaManager, THUMB_SIZES } from '../../media/MediaManager.tsx';
import { GALLERY_OWNERS, galleryScreen, type GalleryOwnerType, type GalleryRow } from './galleryScreen.ts';
import { useStaff } from '../../../app/permissions.ts';

// The owner is picked from the collection its type names, so it is not one of the bar's filters.
const LIST_OPTIONS = {
  filters: [...galleryScreen.filters.map((f) => f.field), 'owner_id'],
  defaultOrdering: galleryScreen.defaultOrdering,
  fields: galleryScreen.fields,
  expand: galleryScreen.expand,
};

export function GalleryPage({ route }: PageProps) {
  const intl = useIntl();
  const staff = useStaff();
  const list = useList(galleryScreen.collection.name, LIST_OPTIONS);
  const filters = useSelector(list, (s) => s.context.query.filters);
  const ownerType = filters.owner_type as GalleryOwnerType | undefined;
  const ownerResource = ownerType ? GALLERY_OWNERS[ownerType] : undefined;
  const ownerId = ownerResource ? filters.owner_id ?? '' : '';
  const { page, error } = useSelector(list, (s) => s.context);
  usePageReady(page !== null || error !== null);

  return (
    <PageFrame route={route}>
      <div className="gallery-filters">
        <FilterBar screen={galleryScreen} list={list} staff={staff} />
        {ownerResource && (
          <RecordFilter
            key={ownerResource}
            resource={ownerResource}
            label={<FormattedMessage id={`media.ownerType.${ownerType}`} />}
            id={ownerId}
            optionLabel={(r) => localized(r.title_i18n ?? r.name_i18n, intl.locale)}
            onChange={(id) => list.send({ type: 'filter.set', name: 'owner_id', value: id })}
          />
        )}
      </div>
      <div className="card gallery-upload">
        {ownerType && ownerId ? (
          <MediaManager ownerType={ownerType} ownerId={ownerId} onChanged={() => list.send({ type: 'refresh' })} />
        ) : (
          <>
            <h2 className="media-title">
              <FormattedMessage id="media.gallery.uploadTitle" />
            </h2>
            <p className="muted">
              <FormattedMessage id="media.gallery.chooseOwner" />
            </p>
          </>
        )}
      </div>
      <GalleryGrid list={list} staff={staff} />
    </PageFrame>
  );
}

function GalleryGrid({ list, staff }: { list: ListActor; staff: boolean }) {
  const intl = useIntl();
  const snapshot = useSelector(list, (s) => s);
  const { query, page, error } = snapshot.context;
  if (snapshot.matches({ data: 'error' })) return <ErrorState detail={error?.detail} onRetry={() => list.send({ type: 'retry' })} />;
  if (snapshot.matches({ data: 'empty' })) return <EmptyState title={<FormattedMessage id="media.gallery.none" />} />;
  if (!page) return null;
  const rows = page.results as unknown as GalleryRow[];
  const choose = (row: GalleryRow) =>
    list.send({ type: 'filters.replace', filters: { ...query.filters, owner_type: row.owner_type, owner_id: row.owner_id ?? '' } });
  return (
    <>
      <ul className="gallery-grid" aria-label={intl.formatMessage({ id: 'route.gallery' })} aria-busy={snapshot.hasTag('busy') || undefined}>
        {rows.map((row) => {
          const alt = localized(row.alt_i18n, intl.locale);
          const owner = intl.formatMessage({ id: `media.ownerType.${row.owner_type}` });
          const ownerRecord = row._expanded?.owner_id;
          const ownerName = ownerRecord ? localized(ownerRecord.title_i18n ?? ownerRecord.name_i18n, intl.locale) || ownerRecord.trade_name : '';
          return (
            <li key={row.id} className="gallery-item">
              <figure>
                <MediaImage media={row} sizes={THUMB_SIZES} alt={alt} />
                <figcaption>
                  <span className="media-alt">{alt || <FormattedMessage id="media.noAlt" />}</span>
                  <span className="muted">
                    {owner}
                    {ownerName && (
                      <>
                        {' · '}
                        <bdi>{ownerName}</bdi>
                      </>
                    )}
                    {row.is_cover && (
                      <>
                        {' · '}
                        <FormattedMessage id="media.cover" />
                      </>
                    )}
                    {staff && row._expanded?.vendor_id?.trade_name && ` · ${row._expanded.vendor_id.trade_name}`}
                  </span>
                  <span className="muted">{formatDate(intl, row.created_at)}</span>
                </figcaption>
              </figure>
              {row.owner_id && GALLERY_OWNERS[row.owner_type as GalleryOwnerType] && (
                <button
                  type="button"
                  className="button button-small"
                  aria-label={alt ? intl.formatMessage({ id: 'media.gallery.manageOf' }, { name: alt }) : undefined}
                  onClick={() => choose(row)}
                >
                  <FormattedMessage id="media.gallery.manage" />
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <Pager
        page={query.page}
        pageSize={query.page_size}
        count={page.count}
        exact={page.count_exact !== false}
        shown={page.results.length}
        hasNext={page.next !== null}
        onPage={(p) => list.send({ type: 'page.goto', page: p })}
        onPageSize={(size) => list.send({ type: 'pageSize.set', size })}
      />
    </>
  );
}
