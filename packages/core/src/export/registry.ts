import type { ExportFormat } from '../contract/formats.js';
import { htmlExporter } from './html.js';
import { imagesExporter } from './images.js';
import { jsonExporter } from './json.js';
import { rssExporter } from './rss.js';
import { txtExporter } from './txt.js';
import type { Exporter } from './types.js';
import { videosExporter } from './videos.js';
import { xmlExporter } from './xml.js';
import { xmlImagesExporter } from './xml-images.js';

/** Every export format's module, by format name. */
export const exporters: Readonly<Record<ExportFormat, Exporter>> = {
  xml: xmlExporter,
  html: htmlExporter,
  rss: rssExporter,
  json: jsonExporter,
  txt: txtExporter,
  'xml-images': xmlImagesExporter,
  images: imagesExporter,
  videos: videosExporter,
};
