import { FormattedMessage, useIntl } from 'react-intl';
import { idMessageName, normalizePayoutAccount, vendorIdentityErrors } from '../../../common/algerianIds.ts';
import { vendors } from '../../../common/collections.ts';
import { SelectField } from '../ui/fields/SelectField.tsx';
import { TextField } from '../ui/fields/TextField.tsx';
import { formatDateTime } from '../ui/format.ts';
import { RecordEditorPanel } from '../ui/RecordEditorPanel.tsx';
import { useRecordEditor } from '../ui/useRecordEditor.ts';
import type { VendorRecord } from './vendorsScreen.ts';
import { optionalText, WilayaSelect } from './WilayaSelect.tsx';

const IDENTITY = ['rc_number', 'nif_number', 'payout_account'] as const;
const REASON = 'payout_change_reason';

/**
 * Whether the draft moves the vendor's money elsewhere, and whether an account was on file
 * (then the change needs its reason, as the server says).
 */
function payoutChange(loaded: Record<string, unknown> | null, value: (name: string) => unknown) {
  const account = value('payout_account');
  const typed = typeof account === 'string' && account.trim() !== '' ? normalizePayoutAccount(account) : null;
  const changed = (value('payout_method') ?? null) !== (loaded?.payout_method ?? null) || typed !== (loaded?.payout_account ?? null);
  return { changed, onFile: loaded?.payout_method != null || loaded?.payout_account != null };
}

/**
 * The vendor's profile and legal identity. RC, NIF and the payout account (RIB with its
 * key, or CCP with its key) are checked here with the server's own rules before saving,
 * so a wrong key is said at its field at once; the server checks them again. Changing the
 * payout method or account asks why when an account is on file (the vendor is told, and
 * the next payout to the new account waits for a second staff member).
 */
export function VendorProfile({ vendor, onSaved }: { vendor: VendorRecord; onSaved: () => void }) {
  const editor = useRecordEditor({ resource: vendors.name, id: vendor.id, defaults: {}, limits: vendors.fields, onClose: (saved) => saved && onSaved() });
  const intl = useIntl();
  const { field } = editor;
  const method = field.select<string>('payout_method');
  const loaded = editor.context.record as Record<string, unknown> | null;
  const payout = payoutChange(loaded, editor.value);

  const save = () => {
    const errors = vendorIdentityErrors(Object.fromEntries(['rc_number', 'nif_number', 'payout_method', 'payout_account'].map((n) => [n, editor.value(n)])));
    // Said (or cleared) at each field every time, so a corrected key clears its error.
    for (const name of IDENTITY) {
      const problem = errors[name]?.[0];
      const key = problem ? idMessageName(problem) : null;
      editor.set(name, editor.value(name), problem ? (key ? `vendors.idError.${key}` : problem) : undefined);
    }
    const reason = editor.value(REASON);
    const missing = payout.changed && payout.onFile && !(typeof reason === 'string' && reason.trim());
    if (payout.changed || reason !== undefined) editor.set(REASON, reason ?? '', missing ? 'vendors.payoutChangeReasonRequired' : undefined);
    editor.record.send({ type: 'save' });
  };

  return (
    <RecordEditorPanel
      editor={editor}
      className="vendor-profile"
      heading={<FormattedMessage id="vendors.tab.profile" />}
      summary={(r) => (r ? `${String(r.trade_name)} · ${String(r.legal_name)}` : '—')}
      closeLabel="common.cancel"
      onClose={(saved) => saved && onSaved()}
      onSave={save}
    >
      <fieldset className="vendor-fieldset">
        <legend>
          <FormattedMessage id="vendors.profile" />
        </legend>
        <div className="form-grid">
          <TextField {...field.text('trade_name')} label={<FormattedMessage id="vendors.tradeName" />} />
          <TextField {...optionalText(editor, 'contact_name')} label={<FormattedMessage id="vendors.contactName" />} />
          <TextField {...optionalText(editor, 'contact_email')} type="email" dir="ltr" label={<FormattedMessage id="vendors.contactEmail" />} />
          <TextField {...optionalText(editor, 'contact_phone')} type="tel" dir="ltr" label={<FormattedMessage id="vendors.contactPhone" />} />
          <WilayaSelect {...field.custom<string | null>('wilaya_code', null)} />
          <TextField {...optionalText(editor, 'website')} type="url" dir="ltr" label={<FormattedMessage id="vendors.website" />} />
        </div>
        <TextField {...optionalText(editor, 'address')} label={<FormattedMessage id="vendors.address" />} />
        <TextField {...optionalText(editor, 'description')} multiline={3} label={<FormattedMessage id="vendors.description" />} />
      </fieldset>
      <fieldset className="vendor-fieldset">
        <legend>
          <FormattedMessage id="vendors.identity" />
        </legend>
        <div className="form-grid">
          <TextField {...field.text('legal_name')} label={<FormattedMessage id="vendors.legalName" />} />
          <TextField
            {...optionalText(editor, 'rc_number')}
            dir="ltr"
            // The example is a left-to-right island: in Arabic its parts would otherwise swap places.
            hint={<FormattedMessage id="vendors.rcHint" values={{ example: <bdi dir="ltr">16/00-0123456 B 18</bdi> }} />}
            label={<FormattedMessage id="vendors.rc" />}
          />
          <TextField {...optionalText(editor, 'nif_number')} dir="ltr" inputMode="numeric" hint={<FormattedMessage id="vendors.nifHint" />} label={<FormattedMessage id="vendors.nif" />} />
          <TextField {...optionalText(editor, 'nis_number')} dir="ltr" inputMode="numeric" label={<FormattedMessage id="vendors.nis" />} />
          <SelectField
            {...method}
            value={method.value ?? ''}
            onChange={(v) => editor.set('payout_method', v === '' ? null : v)}
            options={vendors.fields.payout_method.enum}
            labelPrefix="payoutMethod"
            emptyOption="vendors.noPayoutMethod"
            label={<FormattedMessage id="vendors.payoutMethod" />}
          />
          <TextField
            {...optionalText(editor, 'payout_account')}
            dir="ltr"
            inputMode="numeric"
            hint={<FormattedMessage id={method.value === 'ccp' ? 'vendors.ccpHint' : 'vendors.ribHint'} />}
            label={<FormattedMessage id="vendors.payoutAccount" />}
          />
        </div>
        {payout.changed ? (
          <TextField
            {...field.text(REASON)}
            value={String(editor.value(REASON) ?? '')}
            required={payout.onFile}
            maxLength={500}
            hint={<FormattedMessage id="vendors.payoutChangeHint" />}
            label={<FormattedMessage id="vendors.payoutChangeReason" />}
          />
        ) : (
          loaded?.payout_account_changed_at != null && (
            <p className="muted">
              <FormattedMessage id="vendors.payoutChanged" values={{ date: formatDateTime(intl, String(loaded.payout_account_changed_at)) }} />
            </p>
          )
        )}
      </fieldset>
    </RecordEditorPanel>
  );
}
