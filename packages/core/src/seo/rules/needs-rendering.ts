import { plural } from '../../text/counts.js';
import { isContent } from '../scope.js';
import { perPageRule } from '../types.js';

/** Pages whose links or content only appear after scripts run. */
export const needsRendering = perPageRule({
  id: 'needs-rendering',
  weight: 2,
  severity: 'info',
  recommendation:
    'Serve content and links in the HTML (server-side rendering): not every crawler runs scripts.',
  applies: isContent,
  test: (page) => page.rendered,
  message: (n) =>
    `${plural(n, 'page needs', 'pages need')} JavaScript rendering to show content or links`,
});
