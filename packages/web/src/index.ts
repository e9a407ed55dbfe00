/** The web UI as a library, for the desktop renderer: mount it with any ApiClient. */
export { createHttpApi } from './api/http-api';
export { useEscapeCloses } from './app/escape-closes';
export { mountMapsmith } from './app/mount';
