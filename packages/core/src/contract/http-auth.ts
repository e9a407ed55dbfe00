/**
 * How a hosted call says who is asking, besides the route table: the browser's session cookie
 * or a Pro API token (`Authorization: Bearer msk_…`). The server reads these; the published
 * API reference describes them.
 */

/** Name of the session cookie the hosted app signs in with. */
export const SESSION_COOKIE = 'mapsmith_sid';

/** Every API token starts with this, so a leaked one is recognisable (secret scanners). */
export const API_TOKEN_PREFIX = 'msk_';
