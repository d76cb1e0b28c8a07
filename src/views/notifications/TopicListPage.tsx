import { useActorRef, useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import type { PageProps } from '../../app/routes.ts';
import { pathOf } from '../../app/routes.ts';
import { topics } from '../../../common/collections.ts';
import { topicSubscribersMachine } from '../../machines/notifications/subscribers.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import type { Column } from '../ui/DataTable.tsx';
import { I18nTextField } from '../ui/fields/I18nTextField.tsx';
import { TextField } from '../ui/fields/TextField.tsx';
import { formatDate, localized, localizedOrdering } from '../ui/format.ts';
import { ListScreen } from '../ui/ListScreen.tsx';
import { useListScreen } from '../ui/listScreen.ts';
import { RecordEditorPanel } from '../ui/RecordEditorPanel.tsx';
import { RelationPicker } from '../ui/RelationPicker.tsx';
import { SearchBox } from '../ui/SearchBox.tsx';
import { usePanelParam } from '../ui/usePanelParam.ts';
import { useRecordEditor } from '../ui/useRecordEditor.ts';
import { NEW_TOPIC, topicsScreen, type TopicRow } from './topicsScreen.ts';

/** Topics customers subscribe to, with their subscriber counts; a topic's subscribers beside the list. */
export function TopicListPage({ route }: PageProps) {
  const intl = useIntl();
  const list = useListScreen(topicsScreen);
  const [, navigate] = useLocation();
  const panel = usePanelParam(pathOf(route), topicsScreen.panels ?? []);
  const open = panel.get('topic');
  const editing = panel.get('edit');
  const refresh = () => list.send({ type: 'refresh' });

  const columns: Column<TopicRow>[] = [
    {
      key: 'name',
      header: 'notifTopics.name',
      priority: 1,
      sortField: localizedOrdering('name_i18n', intl.locale),
      render: (r) => (
        <span className="cell-stack">
          <span>{localized(r.name_i18n, intl.locale)}</span>
          <span className="muted" dir="ltr">
            {r.key}
          </span>
        </span>
      ),
    },
    { key: 'description', header: 'notifTopics.description', priority: 3, render: (r) => r.description ?? '—' },
    { key: 'subscribers', header: 'notifTopics.subscribers', priority: 1, sortField: 'subscribers_count', align: 'end', render: (r) => intl.formatNumber(r.subscribers_count) },
    { key: 'updated', header: 'notifTopics.updated', priority: 2, sortField: 'updated_at', render: (r) => formatDate(intl, r.updated_at) },
  ];

  return (
    <ListScreen
      route={route}
      screen={topicsScreen}
      list={list}
      staff
      columns={columns}
      empty={<FormattedMessage id="notifTopics.none" />}
      tableName="topics"
      rowHref={(row) => panel.href('topic', row.id)}
      actions={
        <Link href={panel.href('edit', NEW_TOPIC)} className="button button-primary">
          <FormattedMessage id="notifTopics.new" />
        </Link>
      }
      side={
        editing ? (
          <TopicEditor
            key={editing}
            id={editing === NEW_TOPIC ? null : editing}
            onClose={(saved) => {
              navigate(panel.href('edit', null));
              if (saved) refresh();
            }}
          />
        ) : open ? (
          <TopicSubscribers key={open} topicId={open} onChanged={refresh} onClose={() => navigate(panel.href('topic', null))} editHref={panel.href('edit', open)} />
        ) : null
      }
    />
  );
}

function TopicEditor({ id, onClose }: { id: string | null; onClose: (saved: boolean) => void }) {
  const editor = useRecordEditor({
    resource: topics.name,
    id,
    defaults: { key: '', name_i18n: { en: '', fr: '', ar: '' }, description: null },
    limits: topics.fields,
    onClose,
  });
  const { field } = editor;
  return (
    <RecordEditorPanel
      editor={editor}
      className="notif-topic-editor"
      heading={<FormattedMessage id={id === null ? 'notifTopics.new' : 'notifTopics.edit'} />}
      summary={(r) => (r ? <span dir="ltr">{String(r.key)}</span> : '—')}
      closeLabel="notifTopics.close"
      onClose={onClose}
      focusHeading
    >
      <TextField {...field.text('key')} label={<FormattedMessage id="notifTopics.key" />} hint={<FormattedMessage id="notifTopics.keyHint" />} dir="ltr" autoComplete="off" />
      <I18nTextField {...field.i18n('name_i18n')} label={<FormattedMessage id="notifTopics.name" />} />
      <TextField {...field.text('description')} label={<FormattedMessage id="notifTopics.description" />} />
    </RecordEditorPanel>
  );
}

/** A topic's subscribers: search them, add a customer, remove one after confirming. */
function TopicSubscribers({ topicId, onChanged, onClose, editHref }: { topicId: string; onChanged: () => void; onClose: () => void; editHref: string }) {
  const intl = useIntl();
  const actor = useActorRef(topicSubscribersMachine.provide({ actions: { announceChanged: () => onChanged() } }), { input: { topicId } });
  const { search, page, data, adding, removing, error } = useSelector(actor, (s) => s.context);
  const confirming = useSelector(actor, (s) => s.matches('confirmingRemoval'));

  return (
    <section className="card notif-subscribers" aria-labelledby="subscribers-heading">
      <div className="notif-section-head">
        <h2 id="subscribers-heading" tabIndex={-1}>
          <FormattedMessage id="notifTopics.subscribersHeading" values={{ count: data?.count ?? 0 }} />
        </h2>
        <Link href={editHref} className="button">
          <FormattedMessage id="notifTopics.edit" />
        </Link>
        <button type="button" className="button" onClick={onClose}>
          <FormattedMessage id="notifTopics.close" />
        </button>
      </div>
      <form
        className="notif-add-subscriber"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'add' });
        }}
      >
        <RelationPicker
          resource="customers"
          label={<FormattedMessage id="notifTopics.addCustomer" />}
          value={adding}
          onChange={(customer) => actor.send({ type: 'pick', customer })}
          optionLabel={(r) => String(r.name ?? '')}
          optionDetail={(r) => (r.phone ? String(r.phone) : null)}
          errors={error ? [error] : undefined}
        />
        <button type="submit" className="button button-primary" disabled={!adding}>
          <FormattedMessage id="notifTopics.add" />
        </button>
      </form>
      <SearchBox
        value={search}
        onChange={(value) => actor.send({ type: 'search', search: value })}
        label={intl.formatMessage({ id: 'notifTopics.searchSubscribers' })}
      />
      {data && data.results.length > 0 ? (
        <ul className="notif-subscriber-list">
          {data.results.map((s) => (
            <li key={s.customer_id}>
              <span className="cell-stack">
                <span>{s.name}</span>
                <span className="muted">
                  <bdi dir="ltr">{s.phone}</bdi>
                  {s.email ? <> · <bdi dir="ltr">{s.email}</bdi></> : null}
                </span>
              </span>
              <button type="button" className="button button-danger" onClick={() => actor.send({ type: 'remove.ask', subscriber: s })} aria-label={intl.formatMessage({ id: 'notifTopics.removeNamed' }, { name: s.name })}>
                <FormattedMessage id="notifTopics.remove" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">
          <FormattedMessage id="notifTopics.noSubscribers" />
        </p>
      )}
      {data && data.count > data.results.length && (
        <div className="notif-pager">
          <button type="button" className="button" disabled={page === 1} onClick={() => actor.send({ type: 'page', page: page - 1 })}>
            <FormattedMessage id="notificationDetail.previous" />
          </button>
          <button type="button" className="button" disabled={!data.next} onClick={() => actor.send({ type: 'page', page: page + 1 })}>
            <FormattedMessage id="notificationDetail.next" />
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={<FormattedMessage id="notifTopics.removeTitle" values={{ name: removing?.name ?? '' }} />}
        description={<FormattedMessage id="notifTopics.removeBody" />}
        confirmLabel={<FormattedMessage id="notifTopics.remove" />}
        danger
        onConfirm={() => actor.send({ type: 'remove.confirm' })}
        onCancel={() => actor.send({ type: 'remove.cancel' })}
      />
    </section>
  );
}
