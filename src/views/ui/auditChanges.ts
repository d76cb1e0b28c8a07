/**
 * What an audit entry changed, in the reader's words: each field by its name in their
 * language, its old and new value formatted as the screens show them (money, dates in
 * Algeria's time, a status or a choice by its label). The server keeps the fields that
 * differ in `before` and `after` (server/engine/audit.ts); facts an entry keeps beside them
 * (a transition's reason) are only in `after` and are not changes.
 */
import type { IntlShape } from 'react-intl';
import * as collections from '../../../common/collections.ts';
import { SECTION_FIELDS, type FormSection } from '../settings/sections.tsx';
import { formatDate, formatDateTime, formatMoney, localized } from './format.ts';
import { wilayaLabel } from './wilaya.ts';

export interface FieldChange {
  /** The field's name in the reader's language. */
  field: string;
  /** Old and new values in words; null when a value cannot be said briefly (a list, a link to another record): the field only "changed". */
  before: string | null;
  after: string | null;
}

export interface AuditChanges {
  changes: FieldChange[];
  /** Fields that changed but have no name for readers (caches, internal links). */
  others: number;
}

type FieldSpec = { type?: string; format?: string; enum?: readonly string[]; maximum?: number };
/** An audit entry as the audit log lists it (`action`, `entity`, `entity_id`, `before`, `after`). */
type Entry = Record<string, unknown>;

/** Bookkeeping every write touches, which a reader never looks for. */
const UNSAID = new Set(['id', 'version', 'created_at', 'updated_at', 'status_changed_at']);
/** A transition's reason is said beside the entry (`timeline.reason`), not as a change. */
const TRANSITION_NOTES = new Set(['status_reason', 'status_reason_code']);

/** Where each collection's statuses are named (its status chip's catalogue). */
const STATUS_LABELS: Record<string, string> = {
  bookings: 'bookingStatus', payments: 'paymentRecordStatus', refunds: 'refundStatus', services: 'serviceStatus', adventures: 'adventureStatus',
  vendors: 'vendorStatus', reviews: 'reviewStatus', tickets: 'ticketStatus', 'chatbot-requests': 'chatbotStatus', notifications: 'notificationStatus',
  'payment-invitations': 'invitationStatus', payouts: 'payoutStatus', 'help-articles': 'helpStatus',
};
/** Where the values of other choices are named, by field. */
const CHOICE_LABELS: Record<string, string> = {
  payment_status: 'paymentStatus', payout_status: 'paymentPayoutStatus', channel: 'channel', method: 'paymentMethod',
  cancellation_policy: 'cancellationPolicy', confirmation: 'confirmation', destination: 'refundDestination', locale: 'settings.localeName',
  currency: 'settings.currencyName',
};

const COLLECTION_FIELDS: Record<string, Record<string, FieldSpec>> = Object.fromEntries(
  Object.values(collections)
    .filter((c): c is typeof c & { name: string; fields: Record<string, FieldSpec> } => typeof c === 'object' && c !== null && 'fields' in c && 'name' in c)
    .map((c) => [c.name, c.fields]),
);

const has = (intl: IntlShape, id: string) => id in intl.messages;
const none = (intl: IntlShape) => intl.formatMessage({ id: 'timeline.change.none' });
const minutes = (intl: IntlShape, n: number) => intl.formatNumber(n, { style: 'unit', unit: 'minute', unitDisplay: 'long' });
const percent = (intl: IntlShape, n: number) => intl.formatNumber(n / 100, { style: 'percent', maximumFractionDigits: 2 });
const short = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/** A record's field value as its screens say it; null when it is not said briefly. */
function recordValue(intl: IntlShape, entity: string, field: string, spec: FieldSpec | undefined, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return none(intl);
  const choices = field === 'status' ? STATUS_LABELS[entity] : CHOICE_LABELS[field];
  if (choices && has(intl, `${choices}.${String(value)}`)) return intl.formatMessage({ id: `${choices}.${String(value)}` });
  if (field === 'wilaya_code') return wilayaLabel(String(value), intl.locale);
  if (typeof value === 'boolean') return intl.formatMessage({ id: value ? 'settings.yes' : 'settings.no' });
  if (spec?.type === 'i18n') return short(localized(value, intl.locale));
  if (spec?.format === 'date-time') return formatDateTime(intl, String(value));
  if (spec?.format === 'date') return formatDate(intl, String(value));
  if (spec?.format === 'uuid' || typeof value === 'object') return null;
  if (typeof value === 'number') {
    // Amounts are integers in minor units, up to the money limit (common/common.ts).
    if (spec?.type === 'integer' && (spec.maximum ?? 0) >= 1e12) return formatMoney(intl, value);
    if (field.endsWith('_minutes')) return minutes(intl, value);
    if (field.endsWith('_percent')) return percent(intl, value);
    return intl.formatNumber(value);
  }
  return short(String(value));
}

type SettingSpec = (typeof SECTION_FIELDS)[FormSection][number];

/** A setting's value as its section's summary says it. */
function settingValue(intl: IntlShape, spec: SettingSpec | undefined, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return none(intl);
  if (!spec) return typeof value === 'object' ? null : short(String(value));
  switch (spec.kind) {
    case 'number':
      return 'unit' in spec && spec.unit
        ? intl.formatNumber(Number(value), { style: 'unit', unit: spec.unit, unitDisplay: 'long' })
        : intl.formatNumber(Number(value));
    case 'percent':
      return percent(intl, Number(value));
    case 'money':
      return formatMoney(intl, Number(value));
    case 'toggle':
      return intl.formatMessage({ id: value ? 'settings.yes' : 'settings.no' });
    case 'select':
      return intl.formatMessage({ id: `${spec.labelPrefix}.${String(value)}` });
    case 'checkboxes':
      return intl.formatList((value as string[]).map((o) => intl.formatMessage({ id: `${spec.labelPrefix}.${o}` })));
    case 'percentByMethod':
      return intl.formatList(Object.entries(value as Record<string, number>).map(([m, rate]) => `${intl.formatMessage({ id: `paymentMethod.${m}` })} ${percent(intl, rate)}`));
    case 'logo':
      return null;
    default:
      return short(String(value));
  }
}

/** The fields an entry changed, named and valued for the reader; none for a creation, a deletion or a booking change (said its own way). */
export function auditChanges(intl: IntlShape, entry: Entry): AuditChanges {
  const action = String(entry.action ?? '');
  const before = (entry.before ?? null) as Record<string, unknown> | null;
  const after = (entry.after ?? null) as Record<string, unknown> | null;
  const result: AuditChanges = { changes: [], others: 0 };
  if (!before || !after || ['create', 'delete', 'change', 'merge'].includes(action)) return result;
  const entity = String(entry.entity ?? '');
  const transition = action.startsWith('transition:');
  const section = String(entry.entity_id) as FormSection;
  const specs = action === 'settings' ? ((SECTION_FIELDS[section] as readonly SettingSpec[] | undefined) ?? []) : [];
  // A setting's changes in the order its section's form shows them (unknown fields last).
  const rank = (field: string) => {
    const i = specs.findIndex((s) => s.name === field);
    return i < 0 ? specs.length : i;
  };
  const fields = action === 'settings' ? Object.keys(after).sort((a, b) => rank(a) - rank(b)) : Object.keys(after);
  for (const field of fields) {
    // A change is in both versions; what is only in `after` is a note beside it.
    if (!(field in before) || UNSAID.has(field) || (transition && TRANSITION_NOTES.has(field))) continue;
    if (action === 'settings') {
      const id = `settings.${section}.${field}`;
      if (!has(intl, id)) {
        result.others++;
        continue;
      }
      const spec = specs.find((s) => s.name === field);
      if (spec?.kind === 'percentByMethod') {
        // One line per method whose rate changed ("Payment method fees · CIB: 1.5% → 1.8%"), not every rate twice.
        const old = (before[field] ?? {}) as Record<string, number>;
        const now = (after[field] ?? {}) as Record<string, number>;
        for (const method of [...new Set([...Object.keys(old), ...Object.keys(now)])]) {
          if (old[method] === now[method]) continue;
          const part = intl.formatMessage({ id: `paymentMethod.${method}` });
          const rate = (value: number | undefined) => (value === undefined ? none(intl) : percent(intl, value));
          result.changes.push({ field: intl.formatMessage({ id: 'timeline.change.partOf' }, { field: intl.formatMessage({ id }), part }), before: rate(old[method]), after: rate(now[method]) });
        }
        continue;
      }
      result.changes.push({ field: intl.formatMessage({ id }), before: settingValue(intl, spec, before[field]), after: settingValue(intl, spec, after[field]) });
      continue;
    }
    const id = `auditField.${field}`;
    if (!has(intl, id)) {
      result.others++;
      continue;
    }
    const spec = COLLECTION_FIELDS[entity]?.[field];
    if (spec?.type === 'i18n' && localized(before[field], intl.locale) === localized(after[field], intl.locale)) {
      // Only another language's text changed: say which, with its own words, not "X → X".
      const old = (before[field] ?? {}) as Record<string, string | undefined>;
      const now = (after[field] ?? {}) as Record<string, string | undefined>;
      for (const lang of [...new Set([...Object.keys(old), ...Object.keys(now)])]) {
        if ((old[lang] ?? '') === (now[lang] ?? '')) continue;
        const part = has(intl, `settings.localeName.${lang}`) ? intl.formatMessage({ id: `settings.localeName.${lang}` }) : lang;
        const text = (value: string | undefined) => (value ? short(value) : none(intl));
        result.changes.push({ field: intl.formatMessage({ id: 'timeline.change.partOf' }, { field: intl.formatMessage({ id }), part }), before: text(old[lang]), after: text(now[lang]) });
      }
      continue;
    }
    const old = recordValue(intl, entity, field, spec, before[field]);
    const now = recordValue(intl, entity, field, spec, after[field]);
    result.changes.push(old === null || now === null ? { field: intl.formatMessage({ id }), before: null, after: null } : { field: intl.formatMessage({ id }), before: old, after: now });
  }
  return result;
}

/**
 * A lifecycle event as the outcome the history reports, in the past tense ("Confirmed",
 * not "Confirm"); the button's words when no past tense is written.
 */
export function auditEventName(intl: IntlShape, event: string, eventPrefix: string): string {
  const done = `auditEvent.${event}`;
  if (has(intl, done)) return intl.formatMessage({ id: done });
  const id = `${eventPrefix}.${event}`;
  return has(intl, id) ? intl.formatMessage({ id }) : event;
}
