import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearch } from 'wouter';
import { sessionActor } from '../../app/actors.ts';
import { usePageReady } from '../../app/pageReady.ts';
import type { PageProps } from '../../app/routes.ts';
import { useRealtimeEvents } from '../../app/realtime.ts';
import { pathOf } from '../../app/routes.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { formatDateTime } from '../ui/format.ts';
import { PageFrame } from '../ui/PageFrame.tsx';
import { Pager } from '../ui/Pager.tsx';
import { SearchBox } from '../ui/SearchBox.tsx';
import { useList } from '../ui/useList.ts';
import { ConversationPane } from './ConversationPane.tsx';
import {
  boxFilters, boxOf, correspondentOf, INBOX_BOXES, INBOX_EXPAND, INBOX_FIELDS, INBOX_FILTERS, INBOX_RESOURCE, OPEN_PARAM, type ConversationRow,
} from './inboxScreen.ts';
import { isStaff } from '../../app/permissions.ts';

/**
 * The inbox: conversations (mine, unassigned, all; search), the latest first, and the open
 * one's thread beside them (on a narrow screen one pane at a time). New messages, read
 * marks and assignments made elsewhere show without reloading.
 */
export function InboxPage({ route }: PageProps) {
  const intl = useIntl();
  const user = useSelector(sessionActor, (s) => s.context.user);
  const staff = isStaff(user);
  const list = useList(INBOX_RESOURCE, {
    filters: INBOX_FILTERS,
    defaultOrdering: '-last_message_at',
    fields: INBOX_FIELDS,
    expand: INBOX_EXPAND,
    keepParams: [OPEN_PARAM],
  });
  const snapshot = useSelector(list, (s) => s);
  const { page, query, searchText, error } = snapshot.context;
  usePageReady(page !== null || error !== null);
  const open = new URLSearchParams(useSearch()).get(OPEN_PARAM);
  const base = pathOf(route);
  const hrefOf = (id: string | null) => {
    const params = new URLSearchParams(location.search);
    if (id) params.set(OPEN_PARAM, id);
    else params.delete(OPEN_PARAM);
    const search = params.toString();
    return search ? `${base}?${search}` : base;
  };

  // Another message, read mark or assignment: the list again, soon (a burst is one reload).
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const refreshSoon = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => list.send({ type: 'refresh' }), 250);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  useRealtimeEvents(refreshSoon, { type: 'message' });
  useRealtimeEvents(refreshSoon, { type: 'record', collection: 'conversations' });

  const box = boxOf(query.filters);
  const boxName = useId();
  const rows = (page?.results ?? []) as unknown as ConversationRow[];
  const openRow = rows.find((r) => r.id === open);

  return (
    <PageFrame route={route}>
      <div className="inbox" data-open={open ? 'thread' : 'list'}>
        <section className="inbox-list" aria-labelledby="inbox-list-title">
          <h2 id="inbox-list-title" className="visually-hidden">
            <FormattedMessage id="inbox.conversations" />
          </h2>
          <fieldset className="segmented">
            <legend className="visually-hidden">
              <FormattedMessage id="inbox.boxes" />
            </legend>
            {INBOX_BOXES.map((b) => (
              <label key={b} className="segmented-option">
                <input
                  type="radio"
                  name={boxName}
                  value={b}
                  checked={box === b}
                  onChange={() => list.send({ type: 'filters.replace', filters: boxFilters(b, user?.id ?? ''), search: query.search })}
                />
                <span>
                  <FormattedMessage id={`inbox.box.${b}`} />
                </span>
              </label>
            ))}
          </fieldset>
          <SearchBox value={searchText} label={intl.formatMessage({ id: 'inbox.search' })} onChange={(text) => list.send({ type: 'search.typed', text })} />
          {snapshot.matches({ data: 'error' }) && <ErrorState detail={error?.detail} onRetry={() => list.send({ type: 'retry' })} />}
          {snapshot.matches({ data: 'empty' }) && (
            <EmptyState title={<FormattedMessage id="inbox.none" />}>
              <p>
                <FormattedMessage id={box === 'all' ? 'inbox.noneHint' : 'inbox.noneInBoxHint'} />
              </p>
            </EmptyState>
          )}
          {page && rows.length > 0 && (
            <ul className="inbox-rows" aria-busy={snapshot.hasTag('busy') || undefined}>
              {rows.map((row) => (
                <li key={row.id}>
                  <Link
                    href={hrefOf(row.id)}
                    className="inbox-row"
                    aria-current={row.id === open ? 'true' : undefined}
                    data-unread={row.unread_count > 0 || undefined}
                  >
                    <span className="inbox-row-head">
                      <strong>
                        <bdi>{correspondentOf(row)}</bdi>
                      </strong>
                      <time className="muted" dateTime={row.last_message_at ?? undefined}>
                        {row.last_message_at ? formatDateTime(intl, row.last_message_at) : '—'}
                      </time>
                    </span>
                    <span className="inbox-row-meta muted">
                      {row._expanded?.booking_id ? <bdi dir="ltr">{String(row._expanded.booking_id.ref)}</bdi> : null}
                      {staff && row._expanded?.vendor_id ? <bdi>{String(row._expanded.vendor_id.trade_name)}</bdi> : null}
                      <span>
                        {row._expanded?.assignee_id ? (
                          <FormattedMessage id="inbox.assignedTo" values={{ name: <bdi>{String(row._expanded.assignee_id.name)}</bdi> }} />
                        ) : (
                          <FormattedMessage id="inbox.unassigned" />
                        )}
                      </span>
                    </span>
                    <span className="inbox-row-preview" dir="auto">
                      {row.last_message_preview ?? ''}
                    </span>
                    {row.unread_count > 0 && (
                      <span className="unread-badge" aria-label={intl.formatMessage({ id: 'inbox.unreadCount' }, { count: row.unread_count })}>
                        {intl.formatNumber(row.unread_count)}
                      </span>
                    )}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {page && rows.length > 0 && (
            <Pager
              page={query.page}
              pageSize={query.page_size}
              count={page.count}
              exact={page.count_exact !== false}
              shown={rows.length}
              hasNext={page.next !== null}
              onPage={(p) => list.send({ type: 'page.goto', page: p })}
              onPageSize={(size) => list.send({ type: 'pageSize.set', size })}
            />
          )}
        </section>
        <section className="inbox-thread" aria-labelledby="inbox-thread-title">
          {open ? (
            <ConversationPane key={open} id={open} row={openRow} staff={staff} userId={user?.id ?? ''} backHref={hrefOf(null)} onChanged={refreshSoon} />
          ) : (
            <EmptyState title={<FormattedMessage id="inbox.pick" />}>
              <h2 id="inbox-thread-title" className="visually-hidden">
                <FormattedMessage id="inbox.thread" />
              </h2>
            </EmptyState>
          )}
        </section>
      </div>
    </PageFrame>
  );
}
