import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import type { ApiRecord } from '../../api/resources.ts';
import { vendorDocuments, type VendorDocumentsRecord } from '../../../common/collections.ts';
import { identityMissing } from '../../../common/algerianIds.ts';
import { scanAddress, scanUploadMachine } from '../../machines/vendors/scanUpload.ts';
import { DateTimeField } from '../ui/fields/DateTimeField.tsx';
import { TextField } from '../ui/fields/TextField.tsx';
import { ToggleField } from '../ui/fields/ToggleField.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { ErrorText } from '../ui/fields/Field.tsx';
import { formatDate } from '../ui/format.ts';
import { RecordEditorPanel } from '../ui/RecordEditorPanel.tsx';
import { Related } from '../ui/Related.tsx';
import type { RelatedState } from '../ui/recordScreen.ts';
import { usePanelParam } from '../ui/usePanelParam.ts';
import { useRecordEditor } from '../ui/useRecordEditor.ts';
import { algeriaToday as today, expiryHeading, expiryNoticeLimit } from './expiry.ts';
import type { VendorRecord } from './vendorsScreen.ts';
import { optionalText } from './WilayaSelect.tsx';

type Doc = VendorDocumentsRecord;
type Standing = 'missing' | 'expired' | 'expiring' | 'verified' | 'filed';

function standingOf(doc: Doc | undefined): Standing {
  if (!doc) return 'missing';
  if (doc.expires_on && doc.expires_on < today()) return 'expired';
  if (doc.expires_on && doc.expires_on <= expiryNoticeLimit()) return 'expiring';
  return doc.verified ? 'verified' : 'filed';
}

const TONE: Record<Standing, string> = { missing: 'muted', expired: 'bad', expiring: 'warn', verified: 'ok', filed: 'info' };

const isKind = (value: string | null): value is Doc['kind'] => (vendorDocuments.fields.kind.enum as readonly (string | null)[]).includes(value);

/**
 * What the vendor must file before selling: its legal identity (RC, NIF, payout account)
 * and its four documents (read beside the vendor: the page's `documents`), each with its
 * number, dates and standing (filed, verified, expiring within 30 days, expired). Staff
 * add or renew a document and verify it here, in an editor opened through the URL
 * (`?tab=documents&document=<kind>`).
 */
export function VendorDocuments({ vendor, documents, onSaved }: { vendor: VendorRecord; documents: RelatedState<ApiRecord[]>; onSaved: () => void }) {
  if (documents.state === 'failed') return <ErrorState detail={documents.error.detail || undefined} onRetry={documents.retry} />;
  if (documents.data === undefined) return <p className="muted"><FormattedMessage id="common.loading" /></p>;
  return <DocumentsChecklist vendor={vendor} docs={documents.data as unknown as Doc[]} onSaved={onSaved} />;
}

function DocumentsChecklist({ vendor, docs, onSaved }: { vendor: VendorRecord; docs: Doc[]; onSaved: () => void }) {
  const intl = useIntl();
  const [path, navigate] = useLocation();
  const panel = usePanelParam(path, ['document']);
  const opened = panel.get('document');
  const editing = isKind(opened) ? opened : null;
  const missing = new Set(identityMissing(vendor as unknown as Record<string, unknown>));
  const byKind = new Map(docs.map((d) => [d.kind, d]));

  return (
    <div className="vendor-documents">
      <section className="card" aria-labelledby="vendor-checklist">
        <h2 id="vendor-checklist">
          <FormattedMessage id="vendors.checklist" />
        </h2>
        <ul className="vendor-checklist">
          {(['rc_number', 'nif_number', 'payout_account'] as const).map((field) => {
            const done = !missing.has(field) && !(field === 'payout_account' && missing.has('payout_method'));
            return (
              <li key={field} data-done={done}>
                <span aria-hidden="true">{done ? '✓' : '○'}</span>
                <FormattedMessage id={`vendors.check.${field}`} />
                <span className="visually-hidden">
                  <FormattedMessage id={done ? 'vendors.check.done' : 'vendors.check.todo'} />
                </span>
              </li>
            );
          })}
        </ul>
        <table className="table vendor-document-table">
          <caption className="visually-hidden">
            <FormattedMessage id="vendors.documents" />
          </caption>
          <thead>
            <tr>
              <th scope="col"><FormattedMessage id="vendors.document.kind" /></th>
              <th scope="col"><FormattedMessage id="vendors.document.standing" /></th>
              <th scope="col"><FormattedMessage id="vendors.document.number" /></th>
              <th scope="col"><FormattedMessage id="vendors.document.expiresOn" /></th>
              <th scope="col"><FormattedMessage id="list.actions" /></th>
            </tr>
          </thead>
          <tbody>
            {vendorDocuments.fields.kind.enum.map((kind) => {
              const doc = byKind.get(kind);
              const standing = standingOf(doc);
              return (
                <tr key={kind} data-kind={kind}>
                  <th scope="row">
                    <FormattedMessage id={`vendorDocumentKind.${kind}`} />
                  </th>
                  <td>
                    <span className="status-chip" data-tone={TONE[standing]}>
                      <FormattedMessage id={`vendors.standing.${standing}`} />
                    </span>
                  </td>
                  <td>{doc?.number ? <bdi dir="ltr">{doc.number}</bdi> : '—'}</td>
                  <td>{doc?.expires_on ? formatDate(intl, doc.expires_on) : '—'}</td>
                  <td>
                    <button type="button" className="button button-small" onClick={() => navigate(panel.href('document', kind))}>
                      <FormattedMessage id={doc ? 'vendors.document.edit' : 'vendors.document.add'} values={{ kind: intl.formatMessage({ id: `vendorDocumentKind.${kind}` }) }} />
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
      {editing && (
        <DocumentEditor
          key={`${editing}-${byKind.get(editing)?.id ?? 'new'}`}
          vendorId={vendor.id}
          kind={editing}
          id={byKind.get(editing)?.id ?? null}
          onClose={(saved) => {
            navigate(panel.href('document', null));
            if (saved) onSaved();
          }}
        />
      )}
    </div>
  );
}

/** One document of the vendor: number, dates, whether staff checked it against the original. */
function DocumentEditor({ vendorId, kind, id, onClose }: { vendorId: string; kind: Doc['kind']; id: string | null; onClose: (saved: boolean) => void }) {
  const intl = useIntl();
  const editor = useRecordEditor({ resource: vendorDocuments.name, id, defaults: { vendor_id: vendorId, kind }, limits: vendorDocuments.fields, onClose });
  const { field } = editor;
  const kindName = intl.formatMessage({ id: `vendorDocumentKind.${kind}` });
  return (
    <RecordEditorPanel
      editor={editor}
      className="vendor-document-editor"
      heading={<FormattedMessage id={id ? 'vendors.document.edit' : 'vendors.document.add'} values={{ kind: kindName }} />}
      summary={(r) => (r ? `${kindName} · ${String(r.number ?? '—')} · ${String(r.expires_on ?? '—')}` : '—')}
      closeLabel="common.cancel"
      onClose={onClose}
      focusHeading
    >
      <div className="form-grid">
        <TextField {...optionalText(editor, 'number')} dir="ltr" label={<FormattedMessage id="vendors.document.number" />} />
        <DateTimeField {...field.date('issued_on')} mode="date" label={<FormattedMessage id="vendors.document.issuedOn" />} />
        <DateTimeField {...field.date('expires_on')} mode="date" label={<FormattedMessage id="vendors.document.expiresOn" />} />
      </div>
      <ScanField vendorId={vendorId} value={field.custom<string | null>('media_id', null).value} onChange={(id) => editor.set('media_id', id)} />
      <TextField {...optionalText(editor, 'notes')} multiline={2} label={<FormattedMessage id="vendors.document.notes" />} />
      <ToggleField {...field.toggle('verified')} label={<FormattedMessage id="vendors.document.verified" />} />
    </RecordEditorPanel>
  );
}

/** The document's scan: an image sent through the media pipeline, shown once there, replaced or removed. */
function ScanField({ vendorId, value, onChange }: { vendorId: string; value: string | null; onChange: (mediaId: string | null) => void }) {
  const intl = useIntl();
  const id = useId();
  const upload = useActorRef(scanUploadMachine.provide({ actions: { uploaded: (_, mediaId) => onChange(mediaId) } }), { input: { vendorId } });
  const error = useSelector(upload, (s) => s.context.error);
  const busy = useSelector(upload, (s) => s.hasTag('busy'));
  return (
    <div className="vendor-scan">
      <label htmlFor={id}>
        <FormattedMessage id="vendors.document.scan" />
      </label>
      {value && (
        <a href={scanAddress(value)} target="_blank" rel="noreferrer" className="vendor-scan-preview">
          <img src={scanAddress(value)} alt={intl.formatMessage({ id: 'vendors.document.scanAlt' })} />
        </a>
      )}
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif"
        disabled={busy}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) upload.send({ type: 'choose', file });
          e.target.value = '';
        }}
      />
      {busy && (
        <span className="muted" role="status">
          <FormattedMessage id="vendors.document.uploading" />
        </span>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          <ErrorText text={error} />
        </p>
      )}
      {value && !busy && (
        <button type="button" className="button button-small" onClick={() => onChange(null)}>
          <FormattedMessage id="vendors.document.removeScan" />
        </button>
      )}
    </div>
  );
}

/**
 * The alert at the top of a vendor's page (the page's `expiring`): its documents that
 * expired or expire within 30 days, each with its date, and the way to the documents tab.
 * Nothing when none does; when they could not be read, the reason and a retry.
 */
export function ExpiringDocuments({ expiring, documentsHref }: { expiring: RelatedState<ApiRecord[]>; documentsHref: string }) {
  const intl = useIntl();
  return (
    <Related of={expiring}>
      {(documents) =>
        documents.length === 0 ? null : (
          <div className="notice vendor-expiry" role="status">
            <p>
              <strong>
                <FormattedMessage id={expiryHeading(documents.map((doc) => String(doc.expires_on)))} values={{ count: documents.length }} />
              </strong>
            </p>
            <ul>
              {documents.map((doc) => (
                <li key={doc.id}>
                  <FormattedMessage
                    id={String(doc.expires_on) < today() ? 'vendors.expiry.expired' : 'vendors.expiry.expires'}
                    values={{ kind: intl.formatMessage({ id: `vendorDocumentKind.${String(doc.kind)}` }), date: formatDate(intl, String(doc.expires_on)) }}
                  />
                </li>
              ))}
            </ul>
            <Link href={documentsHref}>
              <FormattedMessage id="vendors.expiry.open" />
            </Link>
          </div>
        )
      }
    </Related>
  );
}
