/**
 * Pictures for the demo media: the demo data's images point at `/demo/...` addresses
 * nothing serves, so once, after seeding, each gets a small generated landscape (a sky, a
 * sun and dunes in one of a few palettes) kept like an upload, and its service's title as
 * alt text in the three languages; the screens then show real thumbnails through the image
 * proxy. A few palettes are drawn and shared, so this takes a fraction of a second.
 */
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../engine/paths.ts';
import { originalKey } from './storage.ts';

const PALETTES = [
  ['#f6c177', '#eb6f3c', '#c2410c'],
  ['#93c5fd', '#2563eb', '#e2b35b'],
  ['#fde68a', '#f59e0b', '#92400e'],
  ['#c4b5fd', '#7c3aed', '#d97706'],
  ['#a7f3d0', '#0f766e', '#ca8a04'],
  ['#fecaca', '#dc2626', '#78350f'],
];
const WIDTH = 1280;
const HEIGHT = 960;

function landscape([sky, sun, dune]: string[]): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#fff7ed"/></linearGradient></defs>
    <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#s)"/>
    <circle cx="${WIDTH * 0.7}" cy="${HEIGHT * 0.35}" r="${HEIGHT * 0.12}" fill="${sun}"/>
    <path d="M0 ${HEIGHT * 0.7} Q ${WIDTH * 0.3} ${HEIGHT * 0.5} ${WIDTH * 0.6} ${HEIGHT * 0.72} T ${WIDTH} ${HEIGHT * 0.66} V ${HEIGHT} H 0 Z" fill="${dune}"/>
    <path d="M0 ${HEIGHT * 0.85} Q ${WIDTH * 0.4} ${HEIGHT * 0.72} ${WIDTH} ${HEIGHT * 0.88} V ${HEIGHT} H 0 Z" fill="${dune}" fill-opacity="0.7"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

/**
 * Gives every demo media without a file its picture; returns how many. Demo banners name
 * `/demo/...` images too: each gets a media of its own (as an uploaded banner image does)
 * and then points at its stored picture.
 */
export async function storeDemoImages(app: FastifyInstance): Promise<number> {
  await app.db.query(
    `INSERT INTO media (url, owner_type, owner_id)
     SELECT b.image_url, 'banner', b.id FROM banners b
     WHERE b.image_url LIKE '/demo/%' AND NOT EXISTS (SELECT 1 FROM media m WHERE m.owner_type = 'banner' AND m.owner_id = b.id)`,
  );
  const stored = await storePictures(app);
  await app.db.query(
    `UPDATE banners b SET image_url = m.url FROM media m
     WHERE m.owner_type = 'banner' AND m.owner_id = b.id AND m.stored AND b.image_url LIKE '/demo/%'`,
  );
  return stored;
}

async function storePictures(app: FastifyInstance): Promise<number> {
  const { rows } = await app.db.query<{ id: string }>("SELECT id FROM media WHERE NOT stored AND url LIKE '/demo/%' ORDER BY id");
  if (rows.length === 0) return 0;
  const pictures = await Promise.all(PALETTES.map(landscape));
  for (const [i, { id }] of rows.entries()) {
    const data = pictures[i % pictures.length];
    await app.mediaStorage.put(originalKey(id), data);
    await app.db.query(
      `UPDATE media SET stored = true, url = $2, mime_type = 'image/jpeg', width = $3, height = $4, size_bytes = $5,
         alt_i18n = coalesce(
           (SELECT s.title_i18n FROM services s WHERE s.id = media.owner_id AND media.owner_type = 'service'),
           (SELECT b.title_i18n FROM banners b WHERE b.id = media.owner_id AND media.owner_type = 'banner'),
           alt_i18n)
       WHERE id = $1`,
      [id, `${API_PREFIX}/media/${id}/1280`, WIDTH, HEIGHT, data.length],
    );
  }
  return rows.length;
}
