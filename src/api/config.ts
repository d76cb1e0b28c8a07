/**
 * Where the branch API lives, without a trailing slash: '' (same origin) by default; set
 * API_BASE_URL when building to point the SPA at another deployment.
 */
// The build replaces the constant; under node (tests, scripts) there is none: same origin.
export const API_BASE_URL: string = typeof __API_BASE_URL__ === 'string' ? __API_BASE_URL__ : '';
export const JSON_ACCEPT = 'application/json, text/plain';
