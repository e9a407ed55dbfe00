/**
 * The bounds of a bulk list (issue 13), without the schema library, so pricing pages and the
 * bulk form can state them cheaply (bulk-schemas.ts validates with them).
 */

/** Most sites one bulk list may hold. */
export const MAX_BULK_SITES = 100;
/** Most characters of a pasted or uploaded list (100 lines of the longest URL, with room). */
export const MAX_BULK_LIST_CHARS = 256 * 1024;
