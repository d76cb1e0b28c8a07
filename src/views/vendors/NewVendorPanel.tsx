import { FormattedMessage } from 'react-intl';
import { vendors } from '../../../common/collections.ts';
import { RecordEditorPanel } from '../ui/RecordEditorPanel.tsx';
import { TextField } from '../ui/fields/TextField.tsx';
import { useRecordEditor } from '../ui/useRecordEditor.ts';
import { optionalText, WilayaSelect } from './WilayaSelect.tsx';

/**
 * A vendor's application, typed by staff beside the list: names, contact and wilaya. It
 * starts as applied; the legal identity and documents follow on its page, where it opens.
 */
export function NewVendorPanel({ onClose }: { onClose: (createdId: string | null) => void }) {
  const editor = useRecordEditor({
    resource: vendors.name,
    id: null,
    defaults: {},
    limits: vendors.fields,
    onClose: (saved) => onClose(saved ? String(editor.context.record?.id ?? '') || null : null),
  });
  const { field } = editor;
  return (
    <RecordEditorPanel
      editor={editor}
      className="vendor-new"
      heading={<FormattedMessage id="vendors.new" />}
      summary={(r) => (r ? String(r.trade_name) : '—')}
      closeLabel="common.cancel"
      onClose={() => onClose(null)}
      focusHeading
    >
      <TextField {...field.text('trade_name')} label={<FormattedMessage id="vendors.tradeName" />} />
      <TextField {...field.text('legal_name')} label={<FormattedMessage id="vendors.legalName" />} />
      <TextField {...optionalText(editor, 'contact_name')} label={<FormattedMessage id="vendors.contactName" />} />
      <TextField {...optionalText(editor, 'contact_email')} type="email" dir="ltr" label={<FormattedMessage id="vendors.contactEmail" />} />
      <TextField {...optionalText(editor, 'contact_phone')} type="tel" dir="ltr" label={<FormattedMessage id="vendors.contactPhone" />} />
      <WilayaSelect {...field.custom<string | null>('wilaya_code', null)} />
    </RecordEditorPanel>
  );
}
