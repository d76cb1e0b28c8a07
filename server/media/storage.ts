/**
 * Where uploaded files live, behind a small interface so object storage can replace the
 * disk later: originals and the proxy's derivatives are blobs under keys such as
 * `originals/<id>` and `derived/<id>/640.webp`.
 */
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';

declare module 'fastify' {
  interface FastifyInstance {
    mediaStorage: Storage;
  }
}

export interface BlobInfo {
  size: number;
  modifiedAt: Date;
}

export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** The blob's bytes, or undefined when there is none. */
  get(key: string): Promise<Buffer | undefined>;
  /** Size and date of a blob, or undefined when there is none. */
  info(key: string): Promise<BlobInfo | undefined>;
  stream(key: string): Readable;
  /** Removes the blob, or every blob under the key when it names a folder (`derived/<id>`). */
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

/** Blobs as files under `root`. */
export class DiskStorage implements Storage {
  constructor(readonly root: string) {}

  private path(key: string): string {
    // Keys are built by the server from ids and widths; this only guards against a bug.
    if (!KEY.test(key)) throw new Error(`bad storage key ${key}`);
    const path = resolve(this.root, key);
    if (!path.startsWith(resolve(this.root) + sep)) throw new Error(`bad storage key ${key}`);
    return path;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    // Written aside then renamed: a reader never sees half a file.
    const partial = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
    await writeFile(partial, data);
    await rename(partial, path);
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.path(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async info(key: string): Promise<BlobInfo | undefined> {
    try {
      const s = await stat(this.path(key));
      return { size: s.size, modifiedAt: s.mtime };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  stream(key: string): Readable {
    return createReadStream(this.path(key));
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { recursive: true, force: true });
  }
}

/**
 * `app.mediaStorage`: `<DATA_DIR>/media`, or a fresh temporary folder when the database
 * is in memory (tests, benchmarks), removed when the server closes.
 */
export async function registerMediaStorage(app: FastifyInstance): Promise<void> {
  const { dataDir } = app.config;
  if (dataDir !== 'memory') {
    app.decorate('mediaStorage', new DiskStorage(join(dataDir, 'media')));
    return;
  }
  const storage = new DiskStorage(await mkdtemp(join(tmpdir(), 'rihla-media-')));
  app.decorate('mediaStorage', storage);
  app.addHook('onClose', async () => rm(storage.root, { recursive: true, force: true }));
}

/** The sanitized original of a media. */
export const originalKey = (id: string) => `originals/${id}`;
/** The proxy's copy of a media at one width and format. */
export const derivedKey = (id: string, width: number, format: string) => `derived/${id}/${width}.${format}`;

/** Removes a media's files: its original and every size the proxy made of it. */
export async function deleteMediaFiles(storage: Storage, id: string): Promise<void> {
  await storage.delete(originalKey(id));
  await storage.delete(`derived/${id}`);
}
