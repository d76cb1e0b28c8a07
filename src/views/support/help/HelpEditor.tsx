import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { helpArticles } from '../../../../common/collections.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { localized } from '../../ui/format.ts';
import { I18nTextField } from '../../ui/fields/I18nTextField.tsx';
import { NumberField } from '../../ui/fields/NumberField.tsx';
import { SelectField } from '../../ui/fields/SelectField.tsx';
import { TagsField } from '../../ui/fields/TagsField.tsx';
import { TextField } from '../../ui/fields/TextField.tsx';
import { ToggleField } from '../../ui/fields/ToggleField.tsx';
import { RecordEditorPanel } from '../../ui/RecordEditorPanel.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { useRecordEditor } from '../../ui/useRecordEditor.ts';
import { HELP_DEFAULTS } from './helpScreen.ts';

/** Staff write and change an article beside the list, and delete it after confirming. */
export function HelpEditor({ id, onClose }: { id: string | null; onClose: (saved: boolean) => void }) {
  const intl = useIntl();
  const editor = useRecordEditor({
    resource: helpArticles.name,
    id,
    defaults: HELP_DEFAULTS,
    limits: helpArticles.fields,
    formatMessages: { slug: 'help.slugInvalid' },
    onClose,
  });
  const { snapshot, context, field } = editor;
  // The tab names the article as saved (not the draft being typed), or the new one.
  usePageTitle(id === null ? intl.formatMessage({ id: 'help.new' }) : context.record ? localized(context.record.title_i18n, intl.locale) : null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const summary = (r: Record<string, unknown> | null) =>
    r ? (
      <>
        <span>{localized(r.title_i18n, intl.locale)}</span> · <span dir="ltr">{String(r.slug)}</span> ·{' '}
        <FormattedMessage id={`helpAudience.${String(r.audience)}`} /> · <FormattedMessage id={r.published ? 'helpStatus.published' : 'helpStatus.draft'} />
      </>
    ) : (
      '—'
    );

  const remove = () => {
    setConfirmingDelete(false);
    editor.deleteConfirmed();
  };

  return (
    <RecordEditorPanel
      editor={editor}
      className="help-editor"
      heading={<FormattedMessage id={id === null ? 'help.new' : 'help.edit'} />}
      summary={summary}
      closeLabel="help.close"
      onClose={onClose}
      focusHeading
      extraActions={
        id !== null && (
          <button type="button" className="button button-danger form-actions-start" disabled={editor.busy} onClick={() => setConfirmingDelete(true)}>
            <FormattedMessage id={snapshot.matches('deleting') ? 'help.deleting' : 'help.delete'} />
          </button>
        )
      }
    >
      <TextField
        {...field.text('slug')}
        label={<FormattedMessage id="help.slug" />}
        hint={<FormattedMessage id="help.slugHint" values={{ example: <bdi dir="ltr">refund-a-booking</bdi> }} />}
        dir="ltr"
        autoComplete="off"
      />
      <I18nTextField {...field.i18n('title_i18n')} label={<FormattedMessage id="help.title" />} />
      <I18nTextField {...field.i18n('body_i18n')} label={<FormattedMessage id="help.body" />} multiline={8} />
      <div className="form-grid">
        <SelectField {...field.select('audience')} label={<FormattedMessage id="help.audience" />} options={helpArticles.fields.audience.enum} labelPrefix="helpAudience" />
        <NumberField {...field.number('sort_order')} label={<FormattedMessage id="help.sortOrder" />} hint={<FormattedMessage id="help.sortOrderHint" />} />
      </div>
      <TagsField {...field.tags('tags')} label={<FormattedMessage id="help.tags" />} />
      <ToggleField {...field.toggle('published')} label={<FormattedMessage id="help.publishedLabel" />} />
      <ConfirmDialog
        open={confirmingDelete}
        title={<FormattedMessage id="help.deleteTitle" values={{ title: localized(context.record?.title_i18n, intl.locale) }} />}
        description={<FormattedMessage id="help.deleteBody" />}
        confirmLabel={<FormattedMessage id="help.delete" />}
        danger
        onConfirm={remove}
        onCancel={() => setConfirmingDelete(false)}
      />
    </RecordEditorPanel>
  );
}
