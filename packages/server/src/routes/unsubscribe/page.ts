/** The unsubscribe page's HTML: one short message, and a button while there is something to do. */
import { escapeXml as escapeHtml } from '@mapsmith/core';

/** What the page says: a title, its sentences, and the button's form when it asks to confirm. */
export interface UnsubscribePage {
  title: string;
  lines: string[];
  /** The form that confirms (POST to the same address), when the address is still mailed. */
  confirm?: { action: string; label: string };
}

/** The whole page, self-contained (no script; its only style is inline). */
export function unsubscribeHtml(page: UnsubscribePage): string {
  const lines = page.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  const form = page.confirm
    ? `<form method="post" action="${escapeHtml(page.confirm.action)}"><button type="submit">${escapeHtml(page.confirm.label)}</button></form>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)}</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; color: #1d2433; background: #f6f7f9; margin: 0; }
main { max-width: 34rem; margin: 4rem auto; padding: 2rem; background: #fff; border-radius: 8px; }
h1 { font-size: 1.4rem; margin-top: 0; }
p { overflow-wrap: anywhere; }
button { font: inherit; padding: 0.6rem 1.2rem; border: 0; border-radius: 6px; background: #1f5fbf; color: #fff; cursor: pointer; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(page.title)}</h1>
${lines}
${form}
</main>
</body>
</html>
`;
}
