import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import type { PageProps } from '../../app/routes.ts';
import { pathOf } from '../../app/routes.ts';
import { notificationTemplates } from '../../../common/collections.ts';
import type { Column } from '../ui/DataTable.tsx';
import { I18nTextField } from '../ui/fields/I18nTextField.tsx';
import { SelectField } from '../ui/fields/SelectField.tsx';
import { ToggleField } from '../ui/fields/ToggleField.tsx';
import { formatDate, localized } from '../ui/format.ts';
import { ListScreen } from '../ui/ListScreen.tsx';
import { useListScreen } from '../ui/listScreen.ts';
import { RecordEditorPanel } from '../ui/RecordEditorPanel.tsx';
import { StatusChip } from '../ui/StatusChip.tsx';
import { usePanelParam } from '../ui/usePanelParam.ts';
import { useRecordEditor } from '../ui/useRecordEditor.ts';
import { templatesScreen, type TemplateRow } from './notificationsScreen.ts';

const PLACEHOLDERS = ['{customer_name}', '{service}', '{ref}', '{starts_at}', '{vendor}'];

/** The templates booking events send (confirmed, cancelled, the day-before reminder), edited beside the list. */
export function TemplatesTab({ route, tabs }: PageProps & { tabs: ReactNode }) {
  const intl = useIntl();
  const list = useListScreen(templatesScreen);
  const [, navigate] = useLocation();
  const panel = usePanelParam(`${pathOf(route)}`, templatesScreen.panels ?? []);
  const editing = panel.get('edit');
  const close = (saved: boolean) => {
    navigate(panel.href('edit', null));
    if (saved) list.send({ type: 'refresh' });
  };

  const columns: Column<TemplateRow>[] = [
    { key: 'key', header: 'notificationTemplates.event', priority: 1, sortField: 'key', render: (r) => <FormattedMessage id={`notificationTemplate.${r.key}`} /> },
    { key: 'title', header: 'notifications.title', priority: 2, render: (r) => localized(r.title_i18n, intl.locale) },
    { key: 'channel', header: 'notifications.channel', priority: 1, render: (r) => <FormattedMessage id={`notificationChannel.${r.channel}`} /> },
    { key: 'active', header: 'notificationTemplates.active', priority: 1, render: (r) => <StatusChip status={r.active ? 'active' : 'off'} kind="notificationTemplateState" /> },
    { key: 'updated', header: 'notificationTemplates.updated', priority: 3, sortField: 'updated_at', render: (r) => formatDate(intl, r.updated_at) },
  ];

  return (
    <ListScreen
      route={route}
      screen={templatesScreen}
      list={list}
      staff
      columns={columns}
      empty={<FormattedMessage id="notificationTemplates.none" />}
      tableName="notification-templates"
      actions={tabs}
      rowHref={(row) => panel.href('edit', row.id)}
      side={editing ? <TemplateEditor key={editing} id={editing} onClose={close} /> : null}
    />
  );
}

function TemplateEditor({ id, onClose }: { id: string; onClose: (saved: boolean) => void }) {
  const intl = useIntl();
  const editor = useRecordEditor({
    resource: notificationTemplates.name,
    id,
    defaults: { title_i18n: { en: '', fr: '', ar: '' }, body_i18n: { en: '', fr: '', ar: '' }, channel: 'email', active: true },
    limits: notificationTemplates.fields,
    onClose,
  });
  const { field } = editor;
  const summary = (r: Record<string, unknown> | null) =>
    r ? (
      <>
        <FormattedMessage id={`notificationTemplate.${String(r.key)}`} /> · <FormattedMessage id={`notificationChannel.${String(r.channel)}`} />
      </>
    ) : (
      '—'
    );
  return (
    <RecordEditorPanel
      editor={editor}
      className="notif-template-editor"
      heading={<FormattedMessage id="notificationTemplates.edit" />}
      summary={summary}
      closeLabel="notificationTemplates.close"
      onClose={onClose}
      focusHeading
    >
      <p className="muted">
        <FormattedMessage
          id="notificationTemplates.placeholders"
          values={{ list: <bdi dir="ltr">{intl.formatList(PLACEHOLDERS, { type: 'unit' })}</bdi> }}
        />
      </p>
      <SelectField {...field.select('channel')} label={<FormattedMessage id="notifications.channel" />} options={notificationTemplates.fields.channel.enum} labelPrefix="notificationChannel" />
      <I18nTextField {...field.i18n('title_i18n')} label={<FormattedMessage id="notifications.title" />} />
      <I18nTextField {...field.i18n('body_i18n')} label={<FormattedMessage id="notifications.body" />} multiline={5} />
      <ToggleField {...field.toggle('active')} label={<FormattedMessage id="notificationTemplates.activeLabel" />} />
    </RecordEditorPanel>
  );
}
