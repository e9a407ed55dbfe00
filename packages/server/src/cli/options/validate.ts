/** Options and help of `mapsmith validate` (light: loaded for `--help` and parsing). */
import { type OptionSpecs, optionHelp } from '../args.js';

/** Every option of `mapsmith validate`. */
export const validateOptions = {
  json: { type: 'boolean', help: 'print the result object as JSON' },
  'sitemap-url': {
    type: 'string',
    value: 'URL',
    help: 'where a local file is published, to flag URLs on other hosts',
  },
  'allow-loopback': {
    type: 'boolean',
    help: 'allow a URL on 127.0.0.1/localhost (local test sites only); private\nand internal addresses are refused as in the hosted checker',
  },
} as const satisfies OptionSpecs;

/** Help text of `mapsmith validate`. */
export const validateHelp = `mapsmith validate <file|url> [--json] [--sitemap-url URL] [--allow-loopback]

Checks a sitemap (urlset, sitemap index, image, video or news sitemap, RSS or Atom feed),
plain or gzipped, from a file or an http(s) URL, and lists errors and warnings with their line.

Options:
${optionHelp(validateOptions)}

Exit status: 0 valid, 1 invalid, 2 the file or URL cannot be read or bad options.`;
