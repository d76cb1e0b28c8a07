/**
 * The OpenAPI 3.1 document of the branch API, generated from the same TypeBox schemas
 * and registry that validate requests, at /branch/api/openapi.json; and a plain HTML
 * reference at /branch/api/docs/ (no script: the CSP allows no inline script, and a
 * list of operations needs none).
 */
import type { FastifyInstance } from 'fastify';
import type { TSchema } from 'typebox';
import { PersonalServiceInput } from '../../common/catalog.ts';
import { DisruptInput, SlotsBulkInput } from '../../common/availabilitySchemas.ts';
import { ErrorBody, TransitionBody } from '../../common/common.ts';
import { ReconcileInput } from '../../common/payments.ts';
import { CommissionAdjust, PayoutBuild, PayoutPay } from '../../common/payouts.ts';
import { COLLECTIONS, type CollectionSpec } from '../../common/registry.ts';
import { SETTINGS_SECTIONS, SettingsSchemas, settingsPatchOf } from '../../common/settings.ts';
import { eventsOf, type LifecycleName } from '../../common/lifecycles/index.ts';
import { exportQuerySchema } from './csvExport.ts';
import { expandParam } from './expand.ts';
import { FIELDS_PARAM, listQuerySchema } from './listing.ts';
import { API_PREFIX } from './paths.ts';
import { IMAGE_MAX_BYTES, IMAGE_WIDTHS } from '../../common/media.ts';

type Json = Record<string, unknown>;

const plain = (schema: TSchema | Json): Json => JSON.parse(JSON.stringify(schema));
const pascal = (name: string) => name.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Json, description = 'OK') => ({ description, content: { 'application/json': { schema } } });
const errors = {
  400: json(ref('Error'), 'Invalid input: {detail, errors: {field: [message]}}'),
  401: json(ref('Error'), 'Not signed in'),
  403: json(ref('Error'), 'Not allowed for this role'),
  404: json(ref('Error'), 'Not found (or not visible to the caller)'),
};
const conflict = json(ref('Conflict'), 'Stale version: {detail, current}; or a transition not allowed: {detail, allowed_events}');

function queryParameters(spec: CollectionSpec) {
  const schema = listQuerySchema(spec, { ...FIELDS_PARAM, ...expandParam(spec) }) as { properties: Record<string, Json> };
  return Object.entries(schema.properties).map(([name, s]) => ({ name, in: 'query', required: false, schema: s }));
}

function exportParameters(spec: CollectionSpec) {
  const schema = exportQuerySchema(spec) as { properties: Record<string, Json> };
  return Object.entries(schema.properties).map(([name, s]) => ({ name, in: 'query', required: false, schema: s }));
}

function access(spec: CollectionSpec, action: keyof CollectionSpec['access']): string {
  const rule = spec.access[action];
  if (rule === 'staff' || spec.vendorRule === 'none') return 'Staff only.';
  return spec.vendorRule === 'own' ? "Vendor staff: their vendor's records only." : '';
}

/** What vendor staff never get of a collection's records (nor filter or sort by). */
const staffOnlyRead = (spec: CollectionSpec) =>
  spec.staffOnlyReadFields
    ? ` Vendor staff never get the platform's ${spec.staffOnlyReadFields.join(', ')}: left out, or counted over their own records where the collection says so (a customer's bookings figures); they may not filter or sort by them.`
    : '';

/**
 * What the areas hand the document (server/areas.ts gathers each area's `apiDoc`), so the
 * engine imports none of them: the schemas their own routes validate with, by name, and
 * the collections whose order is saved in one request, with that request's body.
 */
export interface ApiDocParts {
  schemas: Record<string, TSchema>;
  reorder: Record<string, TSchema>;
}

export function buildOpenApi(version: string, parts: ApiDocParts): Json {
  const given = (name: string): Json => {
    const schema = parts.schemas[name];
    if (!schema) throw new Error(`No area hands the API document the schema ${name}.`);
    return plain(schema);
  };
  const schemas: Record<string, Json> = {
    Error: plain(ErrorBody),
    Conflict: { type: 'object', properties: { detail: { type: 'string' }, current: { type: 'object' }, allowed_events: { type: 'array', items: { type: 'string' } } } },
    TransitionBody: plain(TransitionBody),
  };
  const paths: Record<string, Json> = {};
  const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
  for (const spec of COLLECTIONS) {
    const name = pascal(spec.name);
    const tag = spec.title;
    schemas[name] = plain(spec.read);
    schemas[`${name}List`] = {
      type: 'object',
      properties: { count: { type: 'integer' }, count_exact: { type: 'boolean', description: 'False when more than 1,000 records match and count is the planner\'s estimate.' }, next: { type: ['string', 'null'] }, previous: { type: ['string', 'null'] }, results: { type: 'array', items: ref(name) } },
    };
    if (spec.create) schemas[`${name}Create`] = plain(spec.create);
    if (spec.patch) schemas[`${name}Patch`] = plain(spec.patch);
    const base = spec.parent ? `${API_PREFIX}/conversations/{conversation_id}/messages/` : `${API_PREFIX}/${spec.name}/`;
    const item = spec.parent ? `${base}{id}/` : `${base}{id}/`;
    const parentParams = spec.parent ? [{ name: 'conversation_id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }] : [];
    const collectionOps: Json = {
      get: {
        tags: [tag], operationId: `list${name}`, summary: `List ${spec.title.toLowerCase()}`, description: `${access(spec, 'list')}${staffOnlyRead(spec)}`,
        parameters: [...parentParams, ...queryParameters(spec)], responses: { 200: json(ref(`${name}List`)), ...errors },
      },
    };
    if (spec.create && spec.access.create !== 'none') {
      collectionOps.post = {
        tags: [tag], operationId: `create${name}`, summary: `Create ${spec.title.toLowerCase()}`, description: access(spec, 'create'),
        parameters: parentParams, requestBody: { required: true, content: { 'application/json': { schema: ref(`${name}Create`) } } },
        responses: { 201: json(ref(name), 'Created'), ...errors, 409: conflict },
      };
    }
    paths[base] = collectionOps;
    if (!spec.parent) {
      paths[`${base}export.csv`] = {
        get: {
          tags: [tag], operationId: `export${name}`, summary: `Export ${spec.title.toLowerCase()} as CSV (same filters and ordering as the list, streamed)`,
          description:
            'Every matching record, in the list\'s order, read by keyset. Headers, enum labels and translated texts in `lang`; money in major units; ' +
            'instants as YYYY-MM-DD HH:MM in Africa/Algiers. `columns` picks the fields; an expanded field shows its label instead of its id.',
          parameters: exportParameters(spec), responses: { 200: { description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } }, ...errors },
        },
      };
    }
    if (spec.sums && spec.sums.length > 0) {
      const sums = Object.fromEntries(spec.sums.map((f) => [f, { type: 'integer', description: 'Sum in minor units.' }]));
      paths[`${base}totals/`] = {
        get: {
          tags: [tag], operationId: `totals${name}`, summary: `Count and sums of every ${spec.title.toLowerCase()} the filters match (not just a page)`,
          description: `Scoped and filtered like the list; one entry per currency. Sums: ${spec.sums.join(', ')}.`,
          parameters: queryParameters(spec),
          responses: {
            200: json({
              type: 'object',
              properties: {
                count: { type: 'integer' },
                by_currency: { type: 'array', items: { type: 'object', properties: { currency: { type: ['string', 'null'] }, count: { type: 'integer' }, sums: { type: 'object', properties: sums } } } },
              },
            }),
            ...errors,
          },
        },
      };
    }
    const itemOps: Json = {};
    if (!spec.parent) {
      const expand = Object.entries(expandParam(spec)).map(([n, s]) => ({ name: n, in: 'query', required: false, schema: s }));
      itemOps.get = { tags: [tag], operationId: `get${name}`, description: staffOnlyRead(spec).trim() || undefined, parameters: [idParam, ...expand], responses: { 200: json(ref(name)), ...errors } };
    }
    if (spec.patch) {
      itemOps.patch = {
        tags: [tag], operationId: `update${name}`, description: `Send the \`version\` you read. ${access(spec, 'update')}${spec.staffOnlyFields ? ` Staff-only fields: ${spec.staffOnlyFields.join(', ')}.` : ''}`,
        parameters: [...parentParams, idParam], requestBody: { required: true, content: { 'application/json': { schema: ref(`${name}Patch`) } } },
        responses: { 200: json(ref(name)), ...errors, 409: conflict },
      };
    }
    if (spec.access.delete !== 'none' && !spec.parent) {
      itemOps.delete = {
        tags: [tag], operationId: `delete${name}`, description: access(spec, 'delete'),
        parameters: [idParam, { name: 'version', in: 'query', required: true, schema: { type: 'integer' } }],
        responses: { 204: { description: 'Deleted' }, ...errors, 409: conflict },
      };
    }
    if (Object.keys(itemOps).length > 0) paths[item] = itemOps;
    if (spec.lifecycle) {
      paths[`${base}{id}/transition/`] = {
        post: {
          tags: [tag], operationId: `transition${name}`,
          summary: `Move a record along its lifecycle (${spec.lifecycle})`,
          description: `Events: ${eventsOf(spec.lifecycle as LifecycleName).join(', ')}. 409 with allowed_events when the chart does not allow the event now; 400 when the payload a guard needs is missing (e.g. a reason); 403 for a role guard.`,
          parameters: [idParam], requestBody: { required: true, content: { 'application/json': { schema: ref('TransitionBody') } } },
          responses: { 200: json(ref(name)), ...errors, 409: conflict },
        },
      };
    }
  }
  for (const section of SETTINGS_SECTIONS) {
    const name = `${pascal(section)}Settings`;
    schemas[name] = plain(SettingsSchemas[section]);
    schemas[`${name}Patch`] = plain(settingsPatchOf(section));
    const record = { type: 'object', properties: { section: { type: 'string' }, value: ref(name), version: { type: 'integer' }, updated_at: { type: 'string', format: 'date-time' } } };
    paths[`${API_PREFIX}/settings/${section}/`] = {
      get: { tags: ['Settings'], operationId: `get${name}`, description: section === 'fees' ? 'Staff only.' : '', responses: { 200: json(record), ...errors } },
      patch: {
        tags: ['Settings'], operationId: `update${name}`, description: 'Staff only. Send the `version` you read.',
        requestBody: { required: true, content: { 'application/json': { schema: ref(`${name}Patch`) } } },
        responses: { 200: json(record), ...errors, 409: conflict },
      },
    };
  }
  paths[`${API_PREFIX}/bookings/preview/`] = {
    post: {
      tags: ['Bookings'], operationId: 'previewBooking', summary: 'Price a booking before making it (nothing is written or held)',
      description: 'The body of a new booking; customer_id and starts_at/slot_id may be left out (the price is then today’s). 400 with the fields at fault (an unknown coupon); 404 for a service the caller may not see.',
      requestBody: { required: true, content: { 'application/json': { schema: given('BookingPreviewInput') } } },
      responses: { 200: json({ type: 'object', description: 'The quote: lines per customer type, extras, subtotal, the promotion applied (coupon_id, discount_id or deal_id; `deal` names the deal: id, title_i18n, discount_percent), discount_amount, platform_funded_discount, fee_amount, total, currency, starts_at.' }), ...errors },
    },
  };
  for (const [name, tag] of [['coupons', 'Coupons'], ['discounts', 'Discounts'], ['deals', 'Deals']] as const) {
    paths[`${API_PREFIX}/${name}/{id}/usage/`] = {
      get: {
        tags: [tag], operationId: `${name}Usage`, parameters: [idParam], summary: 'How much the promotion is used, and the bookings that used it',
        description:
          'Declined, expired and cancelled bookings are not counted. Answers `uses`, `customers` (distinct), `by_currency` (revenue: the bookings\' totals; `discount_given`, `platform_funded`, `vendor_funded`) ' +
          'and `bookings` (`count`, `page`, `page_size`, `results`), newest first; `page` and `page_size` (at most 100) in the query. A vendor counts its own bookings only; 404 for a promotion the caller may not see.',
        responses: { 200: json({ type: 'object' }), ...errors },
      },
    };
  }
  paths[`${API_PREFIX}/bookings/{id}/change/preview/`] = {
    post: {
      tags: ['Bookings'], operationId: 'previewBookingChange', parameters: [idParam], summary: 'Price a change of a booking (date, slot, participants, extras) and the settlement it would make',
      description:
        'Nothing is written or held. Answers the new quote, `old_total`, `new_total`, `difference`, `paid` (less refunds under way or done), `booking_version` and `settlement`: ' +
        '`{kind: "more", amount, invitee}` (a payment link for the difference), `{kind: "less", amount, payment_id, destinations}` (a refund) or `{kind: "none"}`; `coupon_problem` when the booking\'s coupon no longer applies (it is dropped). ' +
        'Without `slot_id` or `starts_at` the booking keeps its start. 400 at `participants` for a slot without the seats; 409 for a booking that started or is closed; 404 for one the caller may not see.',
      requestBody: { required: true, content: { 'application/json': { schema: given('BookingChangePreviewInput') } } },
      responses: { 200: json({ type: 'object' }), ...errors, 409: conflict },
    },
  };
  paths[`${API_PREFIX}/bookings/{id}/change/`] = {
    post: {
      tags: ['Bookings'], operationId: 'changeBooking', parameters: [idParam], summary: 'Change a booking and settle the difference in one transaction',
      description:
        'The preview\'s body plus `expected_version` and the settlement\'s choices. Moves the seats, reprices the booking (same id and ref; one `change` audit entry with both versions), then sends a payment link for `more` (unless `send_link` is false) ' +
        'or makes a refund for `less` to `refund_destination` (approved and processed; staff see it succeed at once unless a card gateway must confirm it). Open payment links asking for more than the booking then owes are cancelled. Answers `{booking, settlement, invitation, refund, cancelled_links, coupon_problem}`. ' +
        '409 with `current` and `expected_version` when the booking changed meanwhile.',
      requestBody: { required: true, content: { 'application/json': { schema: given('BookingChangeInput') } } },
      responses: { 200: json({ type: 'object', properties: { booking: ref('Bookings'), settlement: { type: 'object' }, invitation: { type: ['object', 'null'] }, refund: { type: ['object', 'null'] }, cancelled_links: { type: 'array', items: ref('PaymentInvitations') } } }), ...errors, 409: conflict },
    },
  };
  paths[`${API_PREFIX}/combos/{id}/quote/`] = {
    post: {
      tags: ['Combos'], operationId: 'quoteCombo', summary: 'Price a combo booking before making it',
      description: 'The body of a combo booking; customer_id and the parts’ starts may be left out. Answers each part’s own price and its share of the combo’s price, and the total.',
      parameters: [idParam], requestBody: { required: true, content: { 'application/json': { schema: given('ComboQuoteInput') } } },
      responses: { 200: json({ type: 'object', properties: { currency: { type: 'string' }, subtotal: { type: 'integer' }, total: { type: 'integer' }, parts: { type: 'array' } } }), ...errors },
    },
  };
  paths[`${API_PREFIX}/services/{id}/personal/`] = {
    post: {
      tags: ['Services'], operationId: 'createPersonalService', summary: 'Copy a service for one customer: its own prices and one departure',
      description: 'The copy is published but left out of the `public` view, and only its customer can book it. 400 with the fields at fault (a past start, a customer type priced twice, a customer the caller cannot see); 404 for a service the caller may not see.',
      parameters: [idParam], requestBody: { required: true, content: { 'application/json': { schema: plain(PersonalServiceInput) } } },
      responses: { 201: json({ type: 'object', properties: { service: ref('Services'), price_rules: { type: 'array', items: ref('PriceRules') }, slot: ref('ServiceSlots') } }), ...errors },
    },
  };
  paths[`${API_PREFIX}/service-slots/bulk/`] = {
    post: {
      tags: ['Availability slots'], operationId: 'createSlotsInBulk', summary: 'Create a service’s slots for days of the week x start times x a date range, in one transaction',
      description: 'Start times are Algerian wall-clock times (UTC+1). Starts that already have a slot are skipped and listed; past ones are never created. More than 1000 slots: 400 at `to`; a service the caller cannot see: 400 at `service_id`.',
      requestBody: { required: true, content: { 'application/json': { schema: plain(SlotsBulkInput) } } },
      responses: { 201: json({ type: 'object', properties: { created: { type: 'integer' }, skipped: { type: 'array', items: { type: 'string', format: 'date-time' } }, past: { type: 'array', items: { type: 'string', format: 'date-time' } } } }), ...errors },
    },
  };
  paths[`${API_PREFIX}/service-slots/{id}/manifest/`] = {
    get: {
      tags: ['Availability slots'], operationId: 'getSlotManifest', parameters: [idParam], summary: 'Who comes on a slot: its bookings with their participants and the flags of the service’s adrenaline profile',
      description: 'Each booking carries `roster` (name, age, weight_kg, waiver_signed) and `flags`, per participant: under_min_age, age_unknown, under_min_weight, over_max_weight, weight_unknown, waiver_missing. Checking in a booking with flags needs a `reason`; one with a balance still due needs a `reason_code` of kind unpaid_check_in.',
      responses: { 200: json({ type: 'object', properties: { slot: ref('ServiceSlots'), service: { type: 'object' }, bookings: { type: 'array', items: { type: 'object' } }, refund_to: { type: 'array', items: { type: 'string', enum: ['original', 'wallet'] }, description: 'Where calling the departure off may send the money: `wallet` only when the wallet is kept in every booking\'s currency.' } } }), ...errors },
    },
  };
  paths[`${API_PREFIX}/service-slots/{id}/disrupt/`] = {
    post: {
      tags: ['Availability slots'], operationId: 'disruptSlot', parameters: [idParam], summary: 'Call off a departure: close the slot, cancel and fully refund each booking, tell each customer',
      description: 'Each booking in its own transaction; the answer says what happened to each (cancelled, already_cancelled, failed with the reason) and the refund (amount, where, succeeded or waiting for the card gateway). A retry skips what is done and refunds nobody twice. 400 for a reason code that is not a cancellation reason, and at `refund_to` for the wallet when a booking is in another currency than the wallet\'s.',
      requestBody: { required: true, content: { 'application/json': { schema: plain(DisruptInput) } } },
      responses: { 200: json({ type: 'object', properties: { slot: ref('ServiceSlots'), results: { type: 'array', items: { type: 'object' } } } }), ...errors },
    },
  };
  paths[`${API_PREFIX}/conversations/{id}/read/`] = {
    post: { tags: ['Conversations'], operationId: 'markConversationRead', parameters: [idParam], responses: { 200: json(ref('Conversations')), ...errors } },
  };
  const actAsSession = {
    type: 'object',
    properties: {
      id: { type: 'string', format: 'uuid' }, vendor_id: { type: 'string', format: 'uuid' }, vendor_name: { type: 'string' },
      reason: { type: 'string' }, started_at: { type: 'string', format: 'date-time' }, expires_at: { type: 'string', format: 'date-time' },
    },
  };
  const reasonBody = { required: true, content: { 'application/json': { schema: { type: 'object', required: ['reason'], properties: { reason: { type: 'string', maxLength: 500 } } } } } };
  paths[`${API_PREFIX}/vendors/{id}/act-as/`] = {
    post: {
      tags: ['Vendors'], operationId: 'actAsVendor', parameters: [idParam], requestBody: reasonBody,
      description: 'Staff only. Opens an act-as session of 30 minutes with the reason given (ending any other of this login session): send `X-Act-As-Vendor: <session id>` on every request to see and act exactly as that vendor. Each write is audited under the staff member and the vendor with the reason; payout account fields are refused. A header naming an ended or expired session gets 403 with `code: act_as_ended`.',
      responses: { 200: json(actAsSession), ...errors },
    },
  };
  paths[`${API_PREFIX}/act-as/{id}/end/`] = {
    post: { tags: ['Vendors'], operationId: 'endActAs', parameters: [idParam], description: 'Back to the staff view (also when the session already ended). Logging out ends it too.', responses: { 204: { description: 'Ended' }, ...errors } },
  };
  const vendorUser = {
    type: 'object',
    properties: {
      id: { type: 'string', format: 'uuid' }, email: { type: 'string' }, name: { type: 'string' }, phone: { type: ['string', 'null'] },
      state: { enum: ['active', 'invited', 'expired', 'inactive'] },
      invited_at: { type: ['string', 'null'], format: 'date-time' }, invitation_expires_at: { type: ['string', 'null'], format: 'date-time' },
    },
  };
  const issuedLink = { type: 'object', properties: { user: vendorUser, set_password_path: { type: 'string', description: 'Shown once: only its hash is kept.' }, expires_at: { type: 'string', format: 'date-time' } } };
  const userParams = [idParam, { name: 'user', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }];
  paths[`${API_PREFIX}/vendors/{id}/users/`] = {
    get: { tags: ['Vendors'], operationId: 'vendorUsers', parameters: [idParam], description: 'Staff only. The vendor\'s staff accounts and the state of their invitation.', responses: { 200: json({ type: 'object', properties: { results: { type: 'array', items: vendorUser } } }), ...errors } },
  };
  paths[`${API_PREFIX}/vendors/{id}/users/invite/`] = {
    post: {
      tags: ['Vendors'], operationId: 'inviteVendorUser', parameters: [idParam],
      description: 'Staff only. Creates the account inactive with a one-time set-password link valid 72 hours. 409 when the email is taken.',
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['email', 'name'], properties: { email: { type: 'string', format: 'email' }, name: { type: 'string' }, phone: { type: ['string', 'null'] } } } } } },
      responses: { 201: json(issuedLink), ...errors },
    },
  };
  paths[`${API_PREFIX}/vendors/{id}/users/{user}/resend/`] = {
    post: { tags: ['Vendors'], operationId: 'resendVendorUserInvite', parameters: userParams, description: 'Staff only. A new link; the previous one stops working. 409 for an active user.', responses: { 200: json(issuedLink), ...errors } },
  };
  paths[`${API_PREFIX}/vendors/{id}/users/{user}/deactivate/`] = {
    post: { tags: ['Vendors'], operationId: 'deactivateVendorUser', parameters: userParams, description: 'Staff only. Locks the user out at once and voids open links.', responses: { 200: json(vendorUser), ...errors } },
  };
  const linkTokenParam = { name: 'token', in: 'path', required: true, schema: { type: 'string' } };
  paths[`${API_PREFIX}/set-password/{token}/`] = {
    get: { tags: ['Vendors'], operationId: 'setPasswordLink', parameters: [linkTokenParam], security: [], description: 'Public. The link\'s state (open, used, expired, replaced) and whose account it is; unknown tokens count against the address\'s login rate limit.', responses: { 200: json({ type: 'object', properties: { status: { enum: ['open', 'used', 'expired', 'replaced'] }, email: { type: 'string' }, name: { type: 'string' } } }), ...errors } },
    post: {
      tags: ['Vendors'], operationId: 'setPassword', parameters: [linkTokenParam], security: [],
      description: 'Public. Sets the password (at least 10 characters with a letter and a digit) and activates the account; the link then stops working. 409 when used, expired or replaced.',
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['password'], properties: { password: { type: 'string' } } } } } },
      responses: { 200: json({ type: 'object', properties: { email: { type: 'string' } } }), ...errors },
    },
  };
  const money = { type: 'integer', description: 'Minor units' };
  schemas.Refundable = {
    type: 'object',
    properties: {
      amount: { ...money, description: 'Paid, less the refunds requested, approved, under way or done, within the cancellation window: the most a new refund may be.' },
      currency: { type: 'string' },
      late_percent: { type: 'integer', description: 'Present when the start is closer than the free cancellation window: the share of what was paid a refund may return.' },
      payment_id: { type: ['string', 'null'], format: 'uuid', description: 'The payment a refund comes from by default (the only one with money left), else null: the refund is spread over the payments.' },
      destinations: {
        type: 'array', items: { type: 'string', enum: ['original_method', 'wallet', 'gift_card'] },
        description: 'Where a refund may go: `wallet` only when the wallet is kept in the booking\'s currency (a refund to it otherwise is a 400 at `destination`).',
      },
      payments: {
        type: 'array',
        items: {
          type: 'object',
          properties: { id: { type: 'string', format: 'uuid' }, method: { type: 'string' }, amount: money, paid_at: { type: ['string', 'null'], format: 'date-time' }, refundable: money },
        },
      },
    },
  };
  paths[`${API_PREFIX}/bookings/export/`] = {
    get: {
      tags: ['Bookings'], operationId: 'exportBookingsForOperators',
      summary: 'The bookings CSV as the bookings screen downloads it',
      description: 'The bookings export (`bookings/export.csv`) with the columns an operator reads (ref, customer, phone, service, start, participants, money, status) and, without `ordering`, earliest start first.',
      parameters: exportParameters(COLLECTIONS.find((c) => c.name === 'bookings')!),
      responses: { 200: { description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } }, ...errors },
    },
  };
  paths[`${API_PREFIX}/bookings/{id}/refundable/`] = {
    get: {
      tags: ['Bookings'], operationId: 'getBookingRefundable',
      parameters: [idParam, { name: 'payment_id', in: 'query', required: false, schema: { type: 'string' }, description: 'Only what may be refunded from this payment (its remainder, within the booking\'s)' }],
      summary: 'How much of a booking can still be refunded, and from which payment',
      description: 'A refund above `amount` (or above its payment\'s `refundable`) is refused with a 400 at `amount`.',
      responses: { 200: json(ref('Refundable')), ...errors },
    },
  };
  paths[`${API_PREFIX}/bookings/{id}/discounts/`] = {
    get: {
      tags: ['Bookings'], operationId: 'getBookingDiscounts',
      parameters: [idParam],
      summary: 'What gave a booking its discount, by name',
      description: 'Its coupon (code), automatic discount and deal (names), in the order they apply: what each takes off (`kind`, `value`), the part of the discount it gave (`amount`), who pays for it (`funded_by`, `platform_share_percent`) and the platform\'s part (`platform_amount`). The booking preview answers the same as `applied`.',
      responses: { 200: json({ type: 'object', properties: { results: { type: 'array', items: { type: 'object' } } } }), ...errors },
    },
  };
  paths[`${API_PREFIX}/bookings/{id}/refund/`] = {
    post: {
      tags: ['Bookings'], operationId: 'refundBooking', parameters: [idParam],
      summary: 'Refund a booking in one step',
      description:
        'Asks for a refund (the rules of `POST refunds/`) and takes it as far as the refund chart lets the caller: staff see it succeed, unless a card gateway has to confirm it; vendor staff leave it processing for staff. 201 with the refund as it ended.',
      requestBody: { required: true, content: { 'application/json': { schema: given('BookingRefundBody') } } },
      responses: { 201: json(ref('Refunds'), 'The refund'), ...errors },
    },
  };
  // Payouts, commission and the booking's money ledger (server/payments/payoutsRoutes.ts).
  paths[`${API_PREFIX}/payouts/build/`] = {
    post: {
      tags: ['Payouts'], operationId: 'buildPayout', summary: "A vendor's next payout up to a date: its figures (preview) or the draft",
      description:
        'Staff only. Takes every entry of the vendor not yet in a payout that is payable by the end of `period_end` (Algeria) and by now: vendor shares of activities that have taken place, refunds at once; deducts the refunds, holds `payout_reserve_percent` (fees settings) of the net and releases the reserves of the vendor\'s paid payouts paid at least `payout_reserve_days` ago and not released yet. `preview: true` writes nothing (200); otherwise 201 with the draft. 409 when nothing is payable, or when the refunds exceed the shares.',
      requestBody: { required: true, content: { 'application/json': { schema: plain(PayoutBuild) } } },
      responses: { 200: json({ type: 'object' }, 'The preview'), 201: json(ref('Payouts'), 'The draft'), 409: json(ref('Error'), 'Nothing payable'), ...errors },
    },
  };
  paths[`${API_PREFIX}/payouts/{id}/pay/`] = {
    post: {
      tags: ['Payouts'], operationId: 'payPayout', parameters: [idParam], summary: 'Mark an approved payout paid, with the bank reference',
      description: 'Staff only. The `pay` event of the payout chart; a blank bank reference is a 400 at `bank_reference`.',
      requestBody: { required: true, content: { 'application/json': { schema: plain(PayoutPay) } } },
      responses: { 200: json(ref('Payouts')), 409: conflict, ...errors },
    },
  };
  paths[`${API_PREFIX}/payouts/{id}/statement.csv`] = {
    get: {
      tags: ['Payouts'], operationId: 'payoutStatement', parameters: [idParam, { name: 'lang', in: 'query', required: false, schema: { type: 'string', enum: ['en', 'fr', 'ar'] } }],
      summary: "A payout's statement: the company, the vendor, each entry (booking, activity date, payment, gross, commission, fee, net, refunds), totals, reserve and amount paid",
      responses: { 200: { description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } }, ...errors },
    },
  };
  paths[`${API_PREFIX}/vendors/{id}/commission/`] = {
    post: {
      tags: ['Vendors'], operationId: 'adjustCommission', parameters: [idParam], summary: "Change a vendor's commission, with a reason",
      description: 'Staff only. Applies to payments landing from now on (earlier splits stay); audited on the vendor and kept in `commission-changes`.',
      requestBody: { required: true, content: { 'application/json': { schema: plain(CommissionAdjust) } } },
      responses: { 201: json(ref('CommissionChanges')), ...errors },
    },
  };
  paths[`${API_PREFIX}/bookings/{id}/ledger/`] = {
    get: {
      tags: ['Bookings'], operationId: 'getBookingLedger', parameters: [idParam],
      summary: "The booking's money: each payment and refund from gross to platform commission, gateway fee, vendor net and payout, with totals",
      responses: { 200: json({ type: 'object', properties: { currency: { type: 'string' }, rows: { type: 'array', items: { type: 'object' } }, totals: { type: 'object' } } }), ...errors },
    },
  };
  for (const [name, body] of Object.entries(parts.reorder)) {
    const tag = COLLECTIONS.find((c) => c.name === name)!.title;
    const schema = pascal(name);
    paths[`${API_PREFIX}/${name}/reorder/`] = {
      post: {
        tags: [tag], operationId: `reorder${schema}`, summary: `Save the order of ${name} in one request`,
        description:
          'Staff only. Sets `sort_order` of each listed record' +
          (name === 'categories' ? ' and, when given, its `parent_id` (two levels: a parent must be a top-level category, and a category with subcategories cannot become one)' : '') +
          '; one transaction, each change audited. 400 at `items.<n>.id` for an unknown or repeated id.',
        requestBody: { required: true, content: { 'application/json': { schema: plain(body) } } },
        responses: { 200: json({ type: 'object', properties: { changed: { type: 'integer' }, results: { type: 'array', items: ref(schema) } } }), ...errors },
      },
    };
  }
  paths[`${API_PREFIX}/media/upload/`] = {
    post: {
      tags: ['Media'], operationId: 'uploadMedia', summary: 'Upload images for a record (multipart/form-data)',
      description:
        `Fields first: \`owner_type\`, \`owner_id\` (a record the caller may see; the images belong to its vendor), optional \`alt_i18n\` (JSON {en, fr, ar}), then up to 10 files named \`file\`. ` +
        `Each file is judged from its bytes (JPEG, PNG, WebP or AVIF; 400 at \`file\` otherwise), at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB (413), ` +
        'turned upright by its EXIF orientation and re-encoded without metadata. The first image of a record becomes its cover.',
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['owner_type', 'owner_id', 'file'],
              properties: { owner_type: { type: 'string' }, owner_id: { type: 'string', format: 'uuid' }, alt_i18n: { type: 'string' }, file: { type: 'string', format: 'binary' } },
            },
          },
        },
      },
      responses: { 201: json({ type: 'object', properties: { results: { type: 'array', items: ref('Media') } } }, 'Created'), 413: json(ref('Error'), 'A file is too large'), ...errors },
    },
  };
  paths[`${API_PREFIX}/media/reorder/`] = {
    post: {
      tags: ['Media'], operationId: 'reorderMedia', summary: 'Save the order of one record\u2019s images in one request',
      description: 'Each listed image gets its place in the list as `sort_order`; one transaction, each change audited. 400 at `ids.<n>` for an image of another record; 404 for a record the caller may not see.',
      requestBody: { required: true, content: { 'application/json': { schema: given('MediaReorderInput') } } },
      responses: { 200: json({ type: 'object', properties: { changed: { type: 'integer' }, results: { type: 'array', items: ref('Media') } } }), ...errors },
    },
  };
  paths[`${API_PREFIX}/media/{id}/{width}`] = {
    get: {
      tags: ['Media'], operationId: 'getMediaImage', summary: 'An uploaded image at one width (public; ids are random UUIDs)', security: [],
      description:
        `\`width\` is one of ${IMAGE_WIDTHS.join(', ')}, optionally with \`.webp\` or \`.avif\`; without an extension the format follows \`Accept\` (AVIF when accepted, else WebP; \`Vary: Accept\`). ` +
        'Never enlarged. Resized on the first request and stored; served with an ETag (304 on If-None-Match) and `Cache-Control: public, max-age=31536000, immutable`. 404 for another width or an image not uploaded here.',
      parameters: [idParam, { name: 'width', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9]+(\\.(webp|avif))?$' } }],
      responses: { 200: { description: 'The image', content: { 'image/webp': {}, 'image/avif': {} } }, 304: { description: 'Not modified' }, 404: errors[404] },
    },
  };
  // A payment's gateway events and its reconciliation (server/payments/paymentDetail.ts).
  paths[`${API_PREFIX}/payments/{id}/events/`] = {
    get: {
      tags: ['Payments'], operationId: 'listPaymentGatewayEvents', parameters: [idParam],
      summary: "What the payment gateway said about a payment, oldest first",
      description: 'Each webhook event recorded for the payment (at most 200): `received_at`, `provider`, `event_id`, `kind`, `amount`, `currency`, `outcome` (applied, ignored, failed) and `detail`. A payment the caller may not see is a 404.',
      responses: { 200: json({ type: 'object', properties: { results: { type: 'array', items: { type: 'object' } } } }), ...errors },
    },
  };
  paths[`${API_PREFIX}/payments/{id}/reconcile/`] = {
    post: {
      tags: ['Payments'], operationId: 'reconcilePayment', parameters: [idParam],
      summary: 'Mark a payment reconciled with the bank, or not, with a note (staff)',
      description: 'Staff only (vendor staff get 403). Sets `reconciled`, `reconciled_note`, and while reconciled `reconciled_at` and `reconciled_by`; audited as `reconcile` or `unreconcile`. A blank note is a 400 at `note`; a stale `version` a 409 with the current payment.',
      requestBody: { required: true, content: { 'application/json': { schema: plain(ReconcileInput) } } },
      responses: { 200: json(ref('Payments')), ...errors, 409: conflict },
    },
  };
  // Blocking a customer and writing to them (server/customers/routes.ts).
  paths[`${API_PREFIX}/customers/{id}/duplicates/`] = {
    get: {
      tags: ['Customers'], operationId: 'customerDuplicates', parameters: [idParam],
      summary: 'Other customers with the same phone (E.164) or email (whatever the case)',
      description: 'Answers `{results}`: up to 50 customers the caller may see, oldest first, without merged ones. 404 for a customer the caller may not see.',
      responses: { 200: json({ type: 'object' }), ...errors },
    },
  };
  paths[`${API_PREFIX}/customers/{id}/merge/`] = {
    post: {
      tags: ['Customers'], operationId: 'mergeCustomer', parameters: [idParam],
      summary: 'Merge a duplicate into this customer (staff)',
      description:
        'Staff only. In one transaction, everything pointing at `other_id` (bookings, payments, wallet and loyalty ledgers with their running balances recomputed as one, reviews, conversations, tickets, chatbot requests, notifications, personal services) moves to this customer, whose counters add up; ' +
        'the other record is kept blocked with `merged_into_id`, left out of lists and refused any further change (409). Both are audited (`merge`). 409 for a stale `version` (with the current customer), the same customer, one merged already, or two that share neither phone nor email; 404 for an unknown `other_id`.',
      requestBody: { required: true, content: { 'application/json': { schema: given('MergeInput') } } },
      responses: { 200: json(ref('Customers')), ...errors, 409: conflict },
    },
  };
  paths[`${API_PREFIX}/reviews/ratings/`] = {
    get: {
      tags: ['Reviews'], operationId: 'reviewRatings', summary: 'Average and distribution of approved reviews per service',
      description: 'Answers `{results: [{service_id, title_i18n, count, average, distribution}]}`, `distribution` counting one to five stars; the 50 most reviewed services the caller may see (a vendor its own), narrowed by `service_id` or `vendor_id`.',
      parameters: [
        { name: 'service_id', in: 'query', required: false, schema: { type: 'string', format: 'uuid' } },
        { name: 'vendor_id', in: 'query', required: false, schema: { type: 'string', format: 'uuid' } },
      ],
      responses: { 200: json({ type: 'object' }), ...errors },
    },
  };
  paths[`${API_PREFIX}/customers/{id}/block/`] = {
    post: {
      tags: ['Customers'], operationId: 'blockCustomer', parameters: [idParam],
      summary: 'Block or unblock a customer, with the reason (staff)',
      description: 'Staff only (vendor staff get 403). `blocked: true` keeps the reason in `blocked_reason`; unblocking clears it. Audited as `block` or `unblock` with the reason. A blocked customer cannot be booked (400 at `customer_id`). A blank reason is a 400 at `reason`; a stale `version` a 409 with the current customer.',
      requestBody: { required: true, content: { 'application/json': { schema: given('BlockBody') } } },
      responses: { 200: json(ref('Customers')), ...errors, 409: conflict },
    },
  };
  paths[`${API_PREFIX}/customers/{id}/message/`] = {
    post: {
      tags: ['Customers'], operationId: 'messageCustomer', parameters: [idParam],
      summary: "Write to a customer: continues their open conversation, or opens one",
      description: "Staff write in the platform's conversation with the customer (no vendor), vendor staff in their vendor's; the latest one not archived is continued, else one is opened (201, `opened: true`; 200 when continued). Answers `{opened, conversation, message}`. A customer the caller may not see is a 404.",
      requestBody: { required: true, content: { 'application/json': { schema: given('MessageBody') } } },
      responses: {
        200: json({ type: 'object', properties: { opened: { type: 'boolean' }, conversation: ref('Conversations'), message: { type: 'object' } } }),
        201: json({ type: 'object', properties: { opened: { type: 'boolean' }, conversation: ref('Conversations'), message: { type: 'object' } } }),
        ...errors,
      },
    },
  };
  // Payment links, paid without a back-office session (server/payments/payLink.ts).
  const tokenParam = { name: 'token', in: 'path', required: true, schema: { type: 'string' } };
  paths[`${API_PREFIX}/pay/{token}/`] = {
    get: {
      tags: ['Payment links'], operationId: 'viewPayLink', summary: 'A payment link as its payer sees it (public: the token is the key)', security: [],
      description: 'Service title (in `lang`, else the customer\'s language), start, amount, vendor, status (`open`, `paid`, `expired` as soon as the expiry is past, `cancelled`). The first view opens the link. Unknown tokens are a 404 and count against the caller\'s address like failed logins (429 beyond the limit).',
      parameters: [tokenParam, { name: 'lang', in: 'query', required: false, schema: { type: 'string', enum: ['en', 'fr', 'ar'] } }],
      responses: { 200: json(given('PayLinkView')), 404: errors[404], 429: json(ref('Error'), 'Too many unknown tokens from this address') },
    },
  };
  paths[`${API_PREFIX}/pay/{token}/checkout/`] = {
    post: {
      tags: ['Payment links'], operationId: 'checkoutPayLink', summary: 'Start paying a link at the card gateway (public)', security: [],
      description: 'Creates a pending CIB or Edahabia payment at the gateway (the link follows this latest checkout; an earlier one still lands if the gateway pays it) and answers `{checkout_url}`; the gateway\'s webhook completes it. 409 with `status` for a link paid, expired or cancelled, or a booking that no longer owes the amount.',
      parameters: [tokenParam],
      requestBody: { required: true, content: { 'application/json': { schema: given('CheckoutBody') } } },
      responses: { 200: json({ type: 'object', properties: { checkout_url: { type: 'string' } } }), 400: errors[400], 404: errors[404], 409: json(ref('Error'), 'The link cannot be paid any more') },
    },
  };
  paths[`${API_PREFIX}/payments/webhook/{provider}/`] = {
    post: {
      tags: ['Payment links'], operationId: 'gatewayWebhook', summary: 'The payment gateway\'s signed event', security: [],
      description:
        'The raw body `{id, kind: payment.succeeded|payment.failed, reference, amount, currency}`, signed with HMAC-SHA256 in `X-Gateway-Signature: sha256=<hex>`. ' +
        '401 and nothing written for a bad or missing signature; 404 for another provider. Applied once per (provider, id): a replay answers `{outcome: "replayed"}` and changes nothing. ' +
        'A success pays the payment (split, booking paid / balance / payment status) and the link in one transaction; a failure fails the payment and leaves the link open; an amount that does not match is recorded as failed.',
      parameters: [{ name: 'provider', in: 'path', required: true, schema: { type: 'string' } }],
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
      responses: { 200: json({ type: 'object', properties: { received: { type: 'boolean' }, outcome: { type: 'string', enum: ['applied', 'ignored', 'failed', 'replayed'] } } }), 401: errors[401], 404: errors[404] },
    },
  };
  // Notification delivery and the in-app bell (server/notifications/deliveryRoutes.ts).
  const listOf = (description: string) => json({ type: 'object', description: `{count, next, previous, results}, 50 per page (\`page\` in the query). ${description}` });
  const pageParam = { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } };
  paths[`${API_PREFIX}/notifications/audience-count/`] = {
    post: {
      tags: ['Notifications'], operationId: 'notificationAudienceCount', summary: 'How many recipients an audience reaches on a channel (staff)',
      description: 'Body `{channel, audience_type, audience_customer_id?, audience_user_id?, segment_filters?, topic_id?}`. Blocked customers, inactive users and recipients without an address on the channel (no email for an email) are not counted; an audience not chosen yet counts 0.',
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
      responses: { 200: json({ type: 'object', properties: { count: { type: 'integer' } } }), ...errors },
    },
  };
  paths[`${API_PREFIX}/notifications/{id}/deliveries/`] = {
    get: {
      tags: ['Notifications'], operationId: 'notificationDeliveries', summary: 'One row per recipient of a notification (staff)',
      parameters: [idParam, pageParam, { name: 'status', in: 'query', schema: { type: 'string', enum: ['queued', 'sent', 'failed'] } }],
      description: 'Each: recipient_name, recipient_key, address, channel, status (queued, sent, failed), attempts, last_error, provider_ref, sent_at.',
      responses: { 200: listOf('Deliveries in the order they were made.'), ...errors },
    },
  };
  paths[`${API_PREFIX}/notifications/{id}/outbox/`] = {
    get: {
      tags: ['Notifications'], operationId: 'notificationOutbox', summary: 'What the development provider recorded for a notification (SMS, push, email without SMTP)',
      parameters: [idParam, pageParam], responses: { 200: listOf('Each: id, channel, address, locale, title, body, created_at.'), ...errors },
    },
  };
  paths[`${API_PREFIX}/inbox/`] = {
    get: {
      tags: ['Inbox'], operationId: 'inbox', summary: 'The signed-in user\'s in-app notifications, newest first',
      parameters: [pageParam, { name: 'unread', in: 'query', schema: { type: 'string', enum: ['1', 'true'] } }],
      responses: { 200: listOf('Each: id, title and body in the language of Accept-Language, link, created_at, read_at.'), ...errors },
    },
  };
  paths[`${API_PREFIX}/inbox/count/`] = {
    get: { tags: ['Inbox'], operationId: 'inboxCount', summary: 'Unread in-app notifications', responses: { 200: json({ type: 'object', properties: { unread: { type: 'integer' } } }), ...errors } },
  };
  paths[`${API_PREFIX}/inbox/{id}/read/`] = {
    post: { tags: ['Inbox'], operationId: 'inboxRead', parameters: [idParam], summary: 'Mark one read (404 for another user\'s)', responses: { 200: json({ type: 'object' }), ...errors } },
  };
  paths[`${API_PREFIX}/inbox/read-all/`] = {
    post: { tags: ['Inbox'], operationId: 'inboxReadAll', summary: 'Mark every one read', responses: { 200: json({ type: 'object', properties: { read: { type: 'integer' } } }), ...errors } },
  };
  return {
    openapi: '3.1.0',
    info: { title: 'Rihla branch API', version, description: 'Back-office API of the Rihla marketplace. Money is in minor units (centimes for DZD).' },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } }, schemas },
    paths,
  };
}

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function docsPage(doc: Json): string {
  const byTag = new Map<string, string[]>();
  for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(ops)) {
      const tag = ((op.tags as string[]) ?? ['Other'])[0];
      const line = `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escape(path)}</code></td><td>${escape(String(op.summary ?? op.operationId ?? ''))}${op.description ? `<br><small>${escape(String(op.description))}</small>` : ''}</td></tr>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), line]);
    }
  }
  const sections = [...byTag].map(([tag, rows]) => `<h2>${escape(tag)}</h2><table>${rows.join('')}</table>`).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Rihla branch API</title>
<style>body{font:14px/1.5 system-ui,sans-serif;margin:2rem;max-width:70rem}table{border-collapse:collapse;width:100%}td{border-top:1px solid #ddd;padding:.3rem .5rem;vertical-align:top}td:first-child{width:5rem}code{font-size:13px}small{color:#555}</style>
</head><body><h1>Rihla branch API</h1><p>Machine-readable document: <a href="${API_PREFIX}/openapi.json">openapi.json</a> (OpenAPI 3.1). Every request needs <code>Authorization: Bearer &lt;access token&gt;</code>.</p>
${sections}</body></html>`;
}

export function registerOpenApi(app: FastifyInstance, parts: ApiDocParts): void {
  let doc: Json | undefined;
  const document = () => (doc ??= buildOpenApi(app.config.version, parts));
  app.get(`${API_PREFIX}/openapi.json`, async () => document());
  app.get(`${API_PREFIX}/docs/`, async (_request, reply) => reply.type('text/html; charset=utf-8').send(docsPage(document())));
}
