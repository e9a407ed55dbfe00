/**
 * Whether a `<script type>` runs (HTML §4.12.1.1): no type or an empty one, a JavaScript MIME
 * type, or `module`. Data blocks (`application/ld+json`, `application/json`, templates) never
 * run, so they are no sign that a page needs a browser to show its content.
 */
const JAVASCRIPT_TYPES = new Set([
  'application/ecmascript',
  'application/javascript',
  'application/x-ecmascript',
  'application/x-javascript',
  'text/ecmascript',
  'text/javascript',
  'text/javascript1.0',
  'text/javascript1.1',
  'text/javascript1.2',
  'text/javascript1.3',
  'text/javascript1.4',
  'text/javascript1.5',
  'text/jscript',
  'text/livescript',
  'text/x-ecmascript',
  'text/x-javascript',
  'module',
]);

/** Whether a script of this `type` attribute (absent: undefined) runs in a browser. */
export function isExecutableScript(type: string | undefined): boolean {
  const essence = (type ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return essence === '' || JAVASCRIPT_TYPES.has(essence);
}
