/** Where the branch API lives (same as server/app.ts, kept here to avoid an import cycle). */
export const API_PREFIX = '/branch/api';
