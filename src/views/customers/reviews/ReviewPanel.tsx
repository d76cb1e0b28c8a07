import { FormattedMessage, useIntl } from 'react-intl';
import { reviews } from '../../../../common/collections.ts';
import { Fact } from '../../ui/Fact.tsx';
import { NumberField } from '../../ui/fields/NumberField.tsx';
import { TextField } from '../../ui/fields/TextField.tsx';
import { formatDateTime, localized } from '../../ui/format.ts';
import { RecordEditorPanel } from '../../ui/RecordEditorPanel.tsx';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { useRecordEditor } from '../../ui/useRecordEditor.ts';
import type { ReviewRow } from './reviewsScreen.ts';
import { ReviewQuote } from './ReviewQuote.tsx';
import { Stars } from './Stars.tsx';

const DEFAULTS = { rating: 5, title: null, body: null, vendor_reply: null };

/**
 * One review beside the list. Staff edit what the customer wrote while it waits for
 * moderation or after a rejection (then resubmit it from the list); the vendor writes its
 * one reply to an approved review of its services, and changes it later; otherwise the
 * review is read. The server holds the same rules.
 */
export function ReviewPanel({ id, row, staff, onClose }: { id: string; row: ReviewRow | undefined; staff: boolean; onClose: (saved: boolean) => void }) {
  const intl = useIntl();
  const editor = useRecordEditor({ resource: reviews.name, id, defaults: DEFAULTS, limits: reviews.fields, onClose });
  const record = (editor.context.record ?? row ?? null) as Partial<ReviewRow> | null;
  const status = String(record?.status ?? '');
  const mode = staff ? (status === 'approved' ? 'read' : 'content') : status === 'approved' ? 'reply' : 'read';
  const expanded = row?.id === id ? row._expanded : undefined;

  const facts = record && (
    <dl className="facts review-facts">
      <Fact label="reviews.rating">{typeof record.rating === 'number' ? <Stars rating={record.rating} /> : null}</Fact>
      <Fact label="reviews.service">{localized(expanded?.service_id?.title_i18n, intl.locale) || null}</Fact>
      <Fact label="reviews.customer">{expanded?.customer_id?.name ?? null}</Fact>
      <Fact label="reviews.booking">{expanded?.booking_id ? <bdi dir="ltr">{expanded.booking_id.ref}</bdi> : null}</Fact>
      <Fact label="reviews.status">{status ? <StatusChip status={status} kind="reviewStatus" /> : null}</Fact>
      {record.status_reason ? <Fact label="reviews.reason">{record.status_reason}</Fact> : null}
      <Fact label="reviews.createdAt">{formatDateTime(intl, record.created_at)}</Fact>
    </dl>
  );
  const text = record && mode !== 'content' && (
    <ReviewQuote review={record} />
  );
  const reply = record?.vendor_reply && mode === 'read' && (
    <section className="review-reply" aria-labelledby={`review-reply-${id}`}>
      <h3 id={`review-reply-${id}`}>
        <FormattedMessage id="reviews.reply" />
      </h3>
      <p dir="auto">{record.vendor_reply}</p>
      <p className="muted">
        <FormattedMessage id="reviews.repliedAt" values={{ date: formatDateTime(intl, record.replied_at) }} />
      </p>
    </section>
  );

  if (mode === 'read' && editor.context.record) {
    return (
      <section className="card review-panel" aria-labelledby={`review-heading-${id}`}>
        <h2 id={`review-heading-${id}`}>
          <FormattedMessage id="reviews.panelHeading" />
        </h2>
        {facts}
        {text}
        {reply}
        {!staff && status !== 'approved' && (
          <p className="muted">
            <FormattedMessage id="reviews.replyAfterApproval" />
          </p>
        )}
        <div className="form-actions">
          <button type="button" className="button" onClick={() => onClose(false)}>
            <FormattedMessage id="reviews.close" />
          </button>
        </div>
      </section>
    );
  }

  return (
    <RecordEditorPanel
      editor={editor}
      className="review-panel"
      heading={<FormattedMessage id={mode === 'reply' ? (record?.vendor_reply ? 'reviews.replyEdit' : 'reviews.replyNew') : 'reviews.editHeading'} />}
      summary={(r) => (r ? <>{String(mode === 'reply' ? (r.vendor_reply ?? '—') : `${r.rating ?? ''} ★ · ${r.title ?? ''} ${r.body ?? ''}`)}</> : '—')}
      closeLabel="reviews.close"
      onClose={onClose}
      focusHeading
    >
      {facts}
      {text}
      {mode === 'reply' ? (
        <TextField
          {...editor.field.text('vendor_reply')}
          required
          multiline={5}
          dir="auto"
          label={<FormattedMessage id="reviews.replyLabel" />}
          hint={<FormattedMessage id="reviews.replyHint" />}
        />
      ) : (
        <>
          {status === 'rejected' && (
            <p className="notice notice-info">
              <FormattedMessage id="reviews.resubmitHint" />
            </p>
          )}
          <NumberField {...editor.field.number('rating')} label={<FormattedMessage id="reviews.rating" />} />
          <TextField {...editor.field.text('title')} dir="auto" label={<FormattedMessage id="reviews.title" />} />
          <TextField {...editor.field.text('body')} multiline={6} dir="auto" label={<FormattedMessage id="reviews.body" />} />
        </>
      )}
    </RecordEditorPanel>
  );
}
