/**
 * The named reads and commands of the customers and vendors screens against a stand-in
 * API client: what each asks the server (a page of a tab's list, a customer's duplicates,
 * the ratings for the reviews list's filters) and what each command sends (trimmed words,
 * the version shown, an empty phone as none). The forms that send them are the command
 * machine's (src/machines/resources/command.test.ts); what they check first is their specs'.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ApiClient } from './client.ts';

// The API client reads the build's base URL when loaded.
Object.assign(globalThis, { __API_BASE_URL__: '' });
const { registerApiClient } = await import('./apiClientHolder.ts');
const { runRead } = await import('./reads.ts');
const { runCommand } = await import('./commands.ts');

interface Call {
  method: 'get' | 'post';
  url: string;
  params?: Record<string, unknown>;
  body?: unknown;
}

function server(answer: (call: Call) => unknown = () => ({})) {
  const calls: Call[] = [];
  registerApiClient({
    get: async (url: string, options: { params?: Record<string, unknown> } = {}) => {
      const call: Call = { method: 'get', url, params: options.params };
      calls.push(call);
      return answer(call);
    },
    post: async (url: string, body?: unknown) => {
      const call: Call = { method: 'post', url, body };
      calls.push(call);
      return answer(call);
    },
  } as unknown as ApiClient);
  return calls;
}

const signal = new AbortController().signal;

test("a tab's page asks for that page, its size, filters, fields and expansions, and keeps the count", async () => {
  const calls = server(() => ({ count: 31, next: null, previous: null, results: [{ id: 'b1', version: 1 }] }));
  const page = await runRead(
    'customersPagedList',
    { collection: 'bookings', filters: { customer_id: 'c1' }, ordering: '-starts_at', fields: ['ref', 'status'], expand: ['service_id'], page: 3, pageSize: 10 },
    signal,
  );
  assert.equal(page.count, 31);
  assert.equal(calls[0].url, '/branch/api/bookings/');
  assert.equal(calls[0].params?.page, 3);
  assert.equal(calls[0].params?.page_size, 10);
  assert.equal(calls[0].params?.customer_id, 'c1');
  assert.equal(calls[0].params?.ordering, '-starts_at');
  assert.equal(calls[0].params?.fields, 'ref,status');
  assert.equal(calls[0].params?.expand, 'service_id');
  await runRead('customersPagedList', { collection: 'services', filters: { vendor_id: 'v1' } }, signal);
  assert.deepEqual([calls[1].params?.page, calls[1].params?.page_size], [1, 20], 'the first page of 20 unless said');
});

test("a customer's duplicates and the services' ratings come as their rows", async () => {
  const calls = server((call) => ({ results: [{ id: call.url.includes('duplicates') ? 'c2' : 's1' }] }));
  assert.deepEqual(await runRead('customerDuplicates', { id: 'c1' }, signal), [{ id: 'c2' }]);
  assert.equal(calls[0].url, '/branch/api/customers/c1/duplicates/');
  assert.deepEqual(await runRead('reviewRatings', { service_id: 's1', vendor_id: undefined }, signal), [{ id: 's1' }]);
  assert.deepEqual(calls[1].params, { service_id: 's1' }, 'a filter not set is not sent');
});

test("a customer's commands send trimmed words and the version shown", async () => {
  const calls = server();
  await runCommand('customerBlock', { id: 'c1', version: 4, blocked: true, reason: '  Three no-shows ' });
  await runCommand('customerBlock', { id: 'c1', version: 5, blocked: false, reason: 'Paid' });
  await runCommand('customerMessage', { id: 'c1', body: ' Your ride is confirmed. ' });
  await runCommand('customerMerge', { id: 'c1', other_id: 'c2', version: 6 });
  assert.deepEqual(
    calls.map((c) => [c.url, c.body]),
    [
      ['/branch/api/customers/c1/block/', { blocked: true, reason: 'Three no-shows', version: 4 }],
      ['/branch/api/customers/c1/block/', { blocked: false, reason: 'Paid', version: 5 }],
      ['/branch/api/customers/c1/message/', { body: 'Your ride is confirmed.' }],
      ['/branch/api/customers/c1/merge/', { other_id: 'c2', version: 6 }],
    ],
  );
});

test("a vendor's commands: an invitation (an empty phone is none), a deactivation, acting as it with the reason", async () => {
  const calls = server();
  await runCommand('vendorUserInvite', { vendorId: 'v1', name: ' Meriem ', email: ' meriem@vendor.test ', phone: '  ' });
  await runCommand('vendorUserInvite', { vendorId: 'v1', name: 'Nour', email: 'nour@vendor.test', phone: ' 0550 12 34 56 ' });
  await runCommand('vendorUserDeactivate', { vendorId: 'v1', userId: 'u2' });
  await runCommand('vendorActAs', { vendorId: 'v1', reason: ' Helping with the timetable ' });
  assert.deepEqual(
    calls.map((c) => [c.url, c.body]),
    [
      ['/branch/api/vendors/v1/users/invite/', { name: 'Meriem', email: 'meriem@vendor.test', phone: null }],
      ['/branch/api/vendors/v1/users/invite/', { name: 'Nour', email: 'nour@vendor.test', phone: '0550 12 34 56' }],
      ['/branch/api/vendors/v1/users/u2/deactivate/', undefined],
      ['/branch/api/vendors/v1/act-as/', { reason: 'Helping with the timetable' }],
    ],
  );
});
