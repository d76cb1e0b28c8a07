/**
 * Where the branch API lives, without a trailing slash: '' (same origin) by default; set
 * API_BASE_URL when building to point the SPA at another deployment.
 */
export const API_BASE_URL: string = __API_BASE_URL__;
export const JSON_ACCEPT = 'application/json, text/plain';
