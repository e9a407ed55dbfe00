/** The web UI as a library, for the desktop renderer: mount it with any ApiClient. */
export { createHttpApi } from './api/http-api';
export { mountMapsmith } from './app/mount';
