import type { ReportUrlDetail } from '@mapsmith/core/browser';
import type { ReactNode } from 'react';
import { redirectSteps } from './redirect-steps';

const FOUND_VIA: Record<ReportUrlDetail['foundVia'], string> = {
  start: 'the start URL',
  link: 'a link',
  sitemap: 'a sitemap',
  redirect: 'a redirect',
  alternate: 'an hreflang alternate',
};

function List(props: { items: ReactNode[]; empty: string }) {
  if (props.items.length === 0) return <p className="muted">{props.empty}</p>;
  return (
    <ul className="detail-list">
      {props.items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list drawn once; items may repeat.
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

/** The facts of one URL: verdict and why, answer, redirects, directives, links and media. */
export function DetailFacts(props: { detail: ReportUrlDetail }) {
  const d = props.detail;
  // URLs outside the site and those robots.txt disallows are decided without a request.
  const unasked = d.reason === 'out-of-scope' || d.reason === 'robots';
  const facts: [string, ReactNode][] = [
    ['HTTP status', d.status ?? (unasked ? 'not fetched' : 'no answer')],
    ['Final URL', d.finalUrl],
    ['Title', d.title ?? '–'],
    ['H1', d.h1 ?? '–'],
    ['Meta description', d.metaDescription ?? '–'],
    ['Canonical', d.canonical ?? 'none'],
    ['Content type', d.contentType ?? '–'],
    ['Size', `${d.bytes.toLocaleString('en-US')} bytes`],
    [
      'Response time',
      d.responseTimeMs === null ? '–' : `${d.responseTimeMs.toLocaleString('en-US')} ms`,
    ],
    ['Depth', d.depth],
    ['Inlinks', d.inlinks],
    ['Found via', FOUND_VIA[d.foundVia]],
    ['Rendered', d.rendered ? `Yes${d.renderReason ? `: ${d.renderReason}` : ''}` : 'No'],
    ['Last modified', d.lastModified ?? '–'],
  ];
  if (d.error) facts.push(['Fetch error', d.error]);
  const robots = [
    ...d.robots.meta.map((v) => `meta: ${v}`),
    ...d.robots.header.map((v) => `X-Robots-Tag: ${v}`),
  ];
  return (
    <div className="detail-body">
      <div className="detail-verdict" data-reason={d.reason}>
        <p>
          <strong>{d.reason === 'listed' ? 'In the sitemap' : 'Not in the sitemap'}</strong> (
          {d.verdict})
        </p>
        <p data-testid="detail-why">{d.why}</p>
      </div>
      <dl className="detail-facts">
        {facts.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <h3>Redirect chain</h3>
      <List items={redirectSteps(d)} empty="No redirects." />
      <h3>Robots directives</h3>
      <List items={robots} empty="No robots meta tag or X-Robots-Tag header." />
      <h3>Hreflang alternates</h3>
      <List items={d.hreflang.map((h) => `${h.hreflang}: ${h.href}`)} empty="None." />
      <h3>Structured data</h3>
      <List items={d.structuredDataTypes} empty="None found." />
      <h3>
        Images <span className="muted small">({d.imageCount.toLocaleString('en-US')} found)</span>
      </h3>
      <List
        items={d.images.map((img) => `${img.src}${img.alt ? ` (alt: ${img.alt})` : ' (no alt)'}`)}
        empty="None found."
      />
      <h3>Videos</h3>
      <List
        items={d.videos.map(
          (v) => `${v.title ?? 'Untitled video'}: ${v.contentUrl ?? v.playerUrl ?? 'no address'}`,
        )}
        empty="None found."
      />
      <h3>First pages that link here</h3>
      <List items={d.linkedFrom} empty="No page links here (found another way)." />
    </div>
  );
}
