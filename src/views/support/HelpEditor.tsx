import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { localized } from '../ui/format.ts';
import { focusFirstInvalid } from '../ui/fields/Field.tsx';
import { errorsAt, errorsUnder } from '../ui/fields/fieldErrors.ts';
import { I18nTextField } from '../ui/fields/I18nTextField.tsx';
import type { I18nText } from '../ui/fields/i18nText.ts';
import { NumberField } from '../ui/fields/NumberField.tsx';
import { SelectField } from '../ui/fields/SelectField.tsx';
import { TagsField } from '../ui/fields/TagsField.tsx';
import { TextField } from '../ui/fields/TextField.tsx';
import { ToggleField } from '../ui/fields/ToggleField.tsx';
import { RecordEditorPanel } from '../ui/RecordEditorPanel.tsx';
import { useRecordEditor } from '../ui/useRecordEditor.ts';
import { HELP_AUDIENCES, HELP_DEFAULTS, MAX_SORT_ORDER, MAX_TAG_LENGTH, MAX_TAGS, type HelpAudience } from './helpViews.ts';

/** Fields the editor shows errors at; any other goes in the notice above the form. */
const SHOWN_AT_FIELDS = ['slug', 'title_i18n', 'body_i18n', 'audience', 'tags', 'published', 'sort_order'];
/** The API's rule for a slug. */
const SLUG = /^[a-z0-9-]{2,120}$/;

/** Staff write and change an article beside the list, and delete it after confirming. */
export function HelpEditor({ id, onClose }: { id: string | null; onClose: (saved: boolean) => void }) {
  const intl = useIntl();
  const editor = useRecordEditor({ resource: 'help-articles', id, defaults: HELP_DEFAULTS, onClose });
  const { record, snapshot, context, value, set } = editor;
  const [slugInvalid, setSlugInvalid] = useState(false);
  const [sortInvalid, setSortInvalid] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const errors = context.fieldErrors;
  const slug = String(value('slug') ?? '');
  const title = (value('title_i18n') ?? {}) as I18nText;

  const summary = (r: Record<string, unknown> | null) =>
    r ? (
      <>
        <span>{localized(r.title_i18n, intl.locale)}</span> · <span dir="ltr">{String(r.slug)}</span> ·{' '}
        <FormattedMessage id={`helpAudience.${String(r.audience)}`} /> · <FormattedMessage id={r.published ? 'helpStatus.published' : 'helpStatus.draft'} />
      </>
    ) : (
      '—'
    );

  const save = () => {
    const badSlug = !SLUG.test(slug);
    setSlugInvalid(badSlug);
    if (badSlug || sortInvalid) {
      focusFirstInvalid(editor.formRef.current);
      return;
    }
    record.send({ type: 'save' });
  };

  const remove = () => {
    // The draft goes with the article: leave editing, then delete the record as loaded.
    setConfirmingDelete(false);
    record.send({ type: 'cancel' });
    record.send({ type: 'delete.request' });
    record.send({ type: 'delete.confirm' });
  };

  return (
    <RecordEditorPanel
      editor={editor}
      className="help-editor"
      heading={<FormattedMessage id={id === null ? 'help.new' : 'help.edit'} />}
      shownAtFields={SHOWN_AT_FIELDS}
      summary={summary}
      closeLabel="help.close"
      onClose={onClose}
      onSave={save}
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
        label={<FormattedMessage id="help.slug" />}
        hint={<FormattedMessage id="help.slugHint" values={{ example: <bdi dir="ltr">refund-a-booking</bdi> }} />}
        required
        dir="ltr"
        maxLength={120}
        autoComplete="off"
        value={slug}
        onChange={(v) => {
          setSlugInvalid(false);
          set('slug', v);
        }}
        errors={[...(slugInvalid ? ['help.slugInvalid'] : []), ...(errorsAt(errors, 'slug') ?? [])]}
      />
      <I18nTextField
        label={<FormattedMessage id="help.title" />}
        value={title}
        onChange={(v) => set('title_i18n', v)}
        errors={errorsUnder(errors, 'title_i18n')}
        maxLength={200}
      />
      <I18nTextField
        label={<FormattedMessage id="help.body" />}
        value={(value('body_i18n') ?? {}) as I18nText}
        onChange={(v) => set('body_i18n', v)}
        errors={errorsUnder(errors, 'body_i18n')}
        maxLength={20_000}
        multiline={8}
      />
      <div className="form-grid">
        <SelectField
          label={<FormattedMessage id="help.audience" />}
          value={(value('audience') ?? 'all') as HelpAudience}
          options={HELP_AUDIENCES}
          labelPrefix="helpAudience"
          onChange={(v) => set('audience', v)}
          errors={errorsAt(errors, 'audience')}
        />
        <NumberField
          label={<FormattedMessage id="help.sortOrder" />}
          hint={<FormattedMessage id="help.sortOrderHint" />}
          value={typeof value('sort_order') === 'number' ? (value('sort_order') as number) : null}
          min={0}
          max={MAX_SORT_ORDER}
          onChange={(n, invalid) => {
            setSortInvalid(invalid);
            set('sort_order', n ?? 0);
          }}
          errors={errorsAt(errors, 'sort_order')}
        />
      </div>
      <TagsField
        label={<FormattedMessage id="help.tags" />}
        value={(value('tags') ?? []) as string[]}
        onChange={(tags) => set('tags', tags)}
        maxTags={MAX_TAGS}
        maxLength={MAX_TAG_LENGTH}
        errors={errorsAt(errors, 'tags')}
      />
      <ToggleField
        label={<FormattedMessage id="help.publishedLabel" />}
        checked={value('published') === true}
        onChange={(on) => set('published', on)}
        errors={errorsAt(errors, 'published')}
      />
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
