/** Smart rendering for the server and the desktop: the Chromium renderer and its filtering proxy. */
export {
  type ChromiumRenderer,
  type ChromiumRendererOptions,
  createChromiumRenderer,
} from './chromium-renderer.js';
export { type FilteringProxy, startFilteringProxy } from './filtering-proxy.js';
export { PdfTimeoutError, type PrintPdfOptions, printHtmlToPdf } from './print-pdf.js';
