/**
 * Reasons are chosen from coded reasons in the user's language: cancelling a booking in
 * French or Arabic lists only that language's labels, stores the code, and the booking
 * then shows the reason in the language of the screen.
 */
import { bookViaApi } from './bookingsApi.ts';
import { expect, localized, t, test } from './fixtures.ts';

test.use({ account: 'admin' });

const WEATHER = { en: 'Weather conditions', fr: 'Conditions météorologiques', ar: 'الأحوال الجوية' } as const;

for (const locale of ['fr', 'ar'] as const) {
  test(`cancelling a booking with a coded reason, in ${locale}`, async ({ page, request, seeded }) => {
    const headers = { Authorization: `JWT ${seeded!.access_token}` };
    const booking = await bookViaApi(request, headers, 30 * 24 * 60);

    await page.goto(localized(locale, `/booking/${booking.id}`));
    const actions = page.getByRole('group', { name: t(locale, 'booking.actions') });
    await actions.getByRole('button', { name: t(locale, 'bookingEvent.cancel'), exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    const reason = dialog.getByLabel(t(locale, 'booking.cancelReason'));
    await expect(reason.locator('option', { hasText: WEATHER[locale] })).toHaveCount(1);
    // Every choice is in the screen's language: none of the English labels shows.
    const options = await reason.locator('option').allInnerTexts();
    expect(options.length).toBeGreaterThan(3);
    for (const english of [WEATHER.en, 'Other reason', 'Illness or injury']) expect(options).not.toContain(english);

    await reason.selectOption({ label: WEATHER[locale] });
    await dialog.getByRole('button', { name: t(locale, 'bookingEvent.cancel'), exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('.record-header > .status-chip').first()).toHaveText(t(locale, 'bookingStatus.cancelled'));

    // The booking shows the reason in the screen's language; the code is what was stored.
    const why = page.locator('.facts-row').filter({ has: page.locator('dt').getByText(t(locale, 'booking.statusReason'), { exact: true }) });
    await expect(why.locator('dd')).toHaveText(WEATHER[locale]);
    const stored = await (await request.get(`/branch/api/bookings/${booking.id}/`, { headers })).json();
    expect([stored.status_reason_code, stored.status_reason]).toEqual(['weather', null]);
  });
}

test.describe('on a wide screen', () => {
  // The reason column gives way first when the table is short of room.
  test.use({ viewport: { width: 1920, height: 1080 } });

  test('the refunds list shows a coded reason in the screen\'s language', async ({ page, request, seeded }) => {
    const headers = { Authorization: `JWT ${seeded!.access_token}` };
    const booking = await bookViaApi(request, headers, 40 * 24 * 60, 'cash');
    const refund = await request.post('/branch/api/refunds/', { headers, data: { booking_id: booking.id, amount: 1000, reason_code: 'goodwill' } });
    expect(refund.status(), await refund.text()).toBe(201);
    await page.goto(localized('fr', '/booking/refund?view=all&ordering=-created_at'));
    const row = page.locator('table.table tbody tr').filter({ hasText: booking.ref });
    await expect(row).toContainText('Geste commercial');
    await expect(row).not.toContainText('Goodwill');
  });
});
