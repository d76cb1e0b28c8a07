import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Field } from '../../ui/fields/Field.tsx';
import { I18nTextField } from '../../ui/fields/I18nTextField.tsx';
import { TextField } from '../../ui/fields/TextField.tsx';
import { ToggleField } from '../../ui/fields/ToggleField.tsx';
import { localized } from '../../ui/format.ts';
import { Icon, isIconName } from '../../ui/Icon.tsx';
import { RecordEditorPanel } from '../../ui/RecordEditorPanel.tsx';
import { RecordHistory } from '../../ui/RecordHistory.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { useRecordEditor } from '../../ui/useRecordEditor.ts';
import { categories, amenities } from '../../../../common/collections.ts';
import { TAXONOMIES, type TaxonomyKind } from './taxonomies.ts';
import { childrenOf, type Term } from '../../../machines/catalog/terms.ts';

/**
 * A term's names, icon, parent (categories) and whether it is offered, beside the list.
 * A new term goes last among its siblings. Deleting asks first; a term services use is
 * refused by the server (409 saying how many), and the editor says so in the user's words.
 */
export function TermEditor({
  kind,
  id,
  terms,
  parentId,
  onClose,
}: {
  kind: TaxonomyKind;
  id: string | null;
  terms: readonly Term[];
  /** A new subcategory's parent (the one the subcategories screen shows). */
  parentId: string | null;
  onClose: (saved: boolean) => void;
}) {
  const intl = useIntl();
  const taxonomy = TAXONOMIES[kind];
  const tree = taxonomy.resource === 'categories';
  const prefix = taxonomy.messages;
  const newParent = kind === 'subcategories' ? parentId : null;
  const editor = useRecordEditor({
    resource: taxonomy.resource,
    id,
    defaults: {
      name_i18n: { en: '', fr: '', ar: '' },
      icon: '',
      active: true,
      sort_order: childrenOf(terms, newParent).length,
      ...(tree ? { parent_id: newParent } : {}),
    },
    // Amenities and interests are both tags: one description of their limits.
    limits: tree ? categories.fields : amenities.fields,
    onClose,
  });
  const { snapshot, context, field } = editor;
  const [confirming, setConfirming] = useState(false);
  const name = localized(context.record?.name_i18n, intl.locale);
  usePageTitle(id === null ? intl.formatMessage({ id: `${prefix}.new` }) : name || null);

  const parent = field.custom<string | null>('parent_id', null);
  const holdsChildren = id !== null && childrenOf(terms, id).length > 0;
  // The server names how many services use the term (409); the count is said in the user's language.
  const inUse = context.error?.status === 409 && /^Used by (\d+)/.exec(context.error.detail);

  const summary = (r: Record<string, unknown> | null) =>
    r ? (
      <>
        {isIconName(r.icon) && <Icon name={r.icon} />} {localized(r.name_i18n, intl.locale)} ·{' '}
        <FormattedMessage id={r.active ? 'taxonomyActive.active' : 'taxonomyActive.inactive'} />
      </>
    ) : (
      '—'
    );

  const remove = () => {
    setConfirming(false);
    editor.deleteConfirmed();
  };

  return (
    <RecordEditorPanel
      editor={editor}
      className="taxonomy-editor"
      heading={id === null ? <FormattedMessage id={`${prefix}.new`} /> : <FormattedMessage id="taxonomy.edit" values={{ name }} />}
      summary={summary}
      closeLabel="taxonomy.close"
      onClose={onClose}
      focusHeading
      extraActions={
        id !== null && (
          <button type="button" className="button button-danger form-actions-start" disabled={editor.busy} onClick={() => setConfirming(true)}>
            <FormattedMessage id={snapshot.matches('deleting') ? 'taxonomy.deleting' : 'taxonomy.delete'} />
          </button>
        )
      }
    >
      {inUse && (
        <p className="notice notice-info">
          <FormattedMessage id="taxonomy.inUse" values={{ count: Number(inUse[1]) }} />
        </p>
      )}
      <I18nTextField {...field.i18n('name_i18n')} label={<FormattedMessage id="taxonomy.name" />} />
      <div className="form-grid">
        <TextField {...field.text('icon')} dir="ltr" autoComplete="off" label={<FormattedMessage id="taxonomy.icon" />} hint={<FormattedMessage id="taxonomy.iconHint" />} />
        {tree && (
          <Field label={<FormattedMessage id="taxonomy.parent" />} errors={parent.errors} hint={holdsChildren ? <FormattedMessage id="taxonomy.holdsChildren" /> : undefined}>
            {(control) => (
              <select {...control} value={parent.value ?? ''} disabled={holdsChildren} onChange={(e) => parent.onChange(e.target.value || null)}>
                <option value="">{intl.formatMessage({ id: 'taxonomy.topLevel' })}</option>
                {childrenOf(terms, null)
                  .filter((t) => t.id !== id)
                  .map((t) => (
                    <option key={t.id} value={t.id}>
                      {localized(t.name_i18n, intl.locale)}
                    </option>
                  ))}
              </select>
            )}
          </Field>
        )}
      </div>
      <ToggleField {...field.toggle('active')} label={<FormattedMessage id="taxonomy.activeLabel" />} hint={<FormattedMessage id="taxonomy.activeHint" />} />
      {id !== null && (
        <RecordHistory entity={taxonomy.resource} id={id} version={Number(context.record?.version ?? 0)} title={<FormattedMessage id="taxonomy.history" />} />
      )}
      <ConfirmDialog
        open={confirming}
        title={<FormattedMessage id="taxonomy.deleteTitle" values={{ name }} />}
        description={<FormattedMessage id="taxonomy.deleteBody" />}
        confirmLabel={<FormattedMessage id="taxonomy.delete" />}
        danger
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </RecordEditorPanel>
  );
}
