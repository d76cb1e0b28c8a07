/**
 * Error messages in the request's language: real refusals (a bare service's publication,
 * a location outside Algeria, a missing field, a capacity below what is booked) come back
 * in French or Arabic with `Accept-Language`, and in the server's English without it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { catalogFor, i18n, inDays, startDomain, type Catalog, type Domain, type Json } from './resources.fixtures.ts';

let d: Domain;
let c: Catalog;
before(async () => {
  d = await startDomain();
  c = await catalogFor(d, d.vendor);
});
after(() => d.close());

const lang = (language?: string): Record<string, string> => (language ? { 'accept-language': language } : {});

describe('error messages follow Accept-Language', () => {
  test('publishing a bare service: the detail and each field in French, Arabic, or English', async () => {
    const s = await d.ok(d.vendor, 'POST', '/services/', { title_i18n: i18n('Kayak'), category_id: c.category.id, duration_minutes: 90, capacity: 12 });
    const publish = (language?: string) =>
      d.call(d.vendor, 'POST', `/services/${s.id}/transition/`, { event: 'publish', version: s.version }, lang(language));
    const fr = await publish('fr-FR,fr;q=0.9,en;q=0.8');
    assert.equal(fr.status, 409);
    assert.equal(
      fr.body.detail,
      'Cette prestation ne peut pas encore être publiée. Ajoutez au moins une règle de prix active. Choisissez où se déroule la prestation. Choisissez une image de couverture.',
    );
    assert.deepEqual(fr.body.errors.cover, ['Choisissez une image de couverture.']);
    const ar = await publish('ar');
    assert.deepEqual(ar.body.errors.price_rules, ['أضف قاعدة سعر نشطة واحدة على الأقل.']);
    assert.match(ar.body.detail, /^لا يمكن نشر هذه الخدمة بعد\./);
    const en = await publish();
    assert.deepEqual(en.body.errors.cover, ['Choose a cover image.']);
    assert.match(en.body.detail, /^This service cannot be published yet\./);
  });

  test('a location outside Algeria and a missing required field: 400 at the field, translated', async () => {
    const outside = (language?: string) =>
      d.call(d.vendor, 'POST', '/locations/', { name_i18n: i18n('Paris'), wilaya_code: '16', latitude: 48.85, longitude: 2.35 }, lang(language));
    assert.deepEqual((await outside('fr')).body.errors.latitude, ['Doit se trouver en Algérie : une latitude de 18,9 à 37,2.']);
    assert.deepEqual((await outside('ar')).body.errors.latitude, ['يجب أن يكون داخل الجزائر: خط عرض من 18,9 إلى 37,2.']);
    assert.deepEqual((await outside()).body.errors.latitude, ['Must be within Algeria: a latitude from 18.9 to 37.2.']);

    const missing = (language?: string) => d.call(d.vendor, 'POST', '/locations/', { wilaya_code: '16' }, lang(language));
    const fr = await missing('fr');
    assert.equal(fr.status, 400);
    assert.deepEqual([fr.body.detail, fr.body.errors.name_i18n], ['Données invalides', ['Ce champ est obligatoire.']]);
    const ar = await missing('ar');
    assert.deepEqual([ar.body.detail, ar.body.errors.name_i18n], ['بيانات غير صالحة', ['هذا الحقل مطلوب.']]);
    const en = await missing('en-GB');
    assert.deepEqual([en.body.detail, en.body.errors.name_i18n], ['Invalid body', ['This field is required.']]);
  });

  test('a capacity below the booked seats: 409 with the count in words of each language', async () => {
    const slot = await d.ok(d.vendor, 'POST', '/service-slots/', { service_id: c.service.id, starts_at: inDays(40), ends_at: inDays(40, 11), capacity: 8 });
    await d.ok(d.vendor, 'POST', '/bookings/', { customer_id: c.customer.id, service_id: c.service.id, slot_id: slot.id, participants: { adult: 3 } });
    const current: Json = await d.ok(d.vendor, 'GET', `/service-slots/${slot.id}/`);
    const lower = (language?: string) =>
      d.call(d.vendor, 'PATCH', `/service-slots/${slot.id}/`, { capacity: 2, version: current.version }, lang(language));
    const fr = await lower('fr');
    assert.equal(fr.status, 409);
    assert.deepEqual([fr.body.detail, fr.body.errors.capacity, fr.body.booked], ['3 places sont réservées', ['3 places sont réservées : la capacité ne peut pas être inférieure.'], 3]);
    const ar = await lower('ar-DZ');
    assert.deepEqual([ar.body.detail, ar.body.errors.capacity], ['3 مقاعد محجوزة', ['3 مقاعد محجوزة: لا يمكن أن تكون السعة أقل.']]);
    assert.equal((await lower()).body.detail, '3 seats are booked');
  });
});
