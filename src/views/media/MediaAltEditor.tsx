import { FormattedMessage, useIntl } from 'react-intl';
import { media as mediaCollection } from '../../../common/collections.ts';
import { I18nTextField } from '../ui/fields/I18nTextField.tsx';
import { RecordEditorPanel } from '../ui/RecordEditorPanel.tsx';
import { useRecordEditor } from '../ui/useRecordEditor.ts';

/** The alt text of one image, in three languages, edited beside the images. */
export function MediaAltEditor({ id, onClose }: { id: string; onClose: (saved: boolean) => void }) {
  const intl = useIntl();
  const editor = useRecordEditor({ resource: 'media', id, defaults: {}, limits: mediaCollection.fields, onClose });
  return (
    <RecordEditorPanel
      editor={editor}
      className="media-alt-editor"
      heading={<FormattedMessage id="media.altHeading" />}
      summary={(r) => (r ? intl.formatMessage({ id: 'media.altSummary' }, { text: String((r.alt_i18n as { en?: string } | undefined)?.en ?? '') }) : '')}
      closeLabel="media.close"
      onClose={onClose}
      focusHeading
    >
      <I18nTextField {...editor.field.i18n('alt_i18n')} requiredLanguages={[]} label={<FormattedMessage id="media.altText" />} hint={<FormattedMessage id="media.altHint" />} />
      {editor.leaveDialog}
    </RecordEditorPanel>
  );
}
