import { isHreflangCode } from '../../crawler/hreflang-code.js';
import { isContent } from '../scope.js';
import { pagesHave, perPageRule } from '../types.js';

/** hreflang codes that are no language[-script][-region] code nor x-default (walkthrough defect 17). */
export const hreflangInvalid = perPageRule({
  id: 'hreflang-invalid',
  weight: 1,
  severity: 'warning',
  recommendation:
    'Use an ISO 639-1 language code, optionally with a script and an ISO 3166-1 region (en, en-GB, zh-Hant-TW), or x-default. Invalid codes are left out of the sitemaps.',
  applies: (page) => isContent(page) && page.hreflang.length > 0,
  test: (page) => page.hreflang.some((a) => !isHreflangCode(a.hreflang)),
  message: (n) => `${pagesHave(n)} hreflang codes that are not valid (left out of the sitemaps)`,
});
