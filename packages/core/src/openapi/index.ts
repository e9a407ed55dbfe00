/** The published API reference: an OpenAPI 3.1 document generated from the contract. */
export { buildOpenApiDocument, type OpenApiOptions } from './document.js';
export type * from './types.js';
