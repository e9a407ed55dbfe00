import type { ReportUrlDetail } from '@mapsmith/core/browser';

/**
 * The redirect chain of a URL as the detail lists it, every step to the final answer
 * (walkthrough defect 48): each HTTP hop, then the final answer; for a client-side redirect, the
 * page that answered 200, how it sends the browser on, and where to.
 */
export function redirectSteps(
  d: Pick<
    ReportUrlDetail,
    'redirectChain' | 'finalUrl' | 'finalStatus' | 'clientRedirect' | 'error'
  >,
): string[] {
  const steps = d.redirectChain.map((hop) => `${hop.status} ${hop.url}`);
  const client = d.clientRedirect;
  if (client) {
    const how = client.seen === 'render' ? `${client.via}, seen when rendered` : client.via;
    steps.push(`${d.finalStatus} ${d.finalUrl} (${how})`, `→ ${client.url}`);
  } else if (steps.length > 0) steps.push(finalStep(d));
  return steps;
}

function finalStep(d: Pick<ReportUrlDetail, 'finalUrl' | 'finalStatus' | 'error'>): string {
  if (d.finalStatus) return `${d.finalStatus} ${d.finalUrl} (final answer)`;
  if (d.error) return `no answer ${d.finalUrl} (${d.error})`;
  // The crawl stopped here: the target is its own row (already crawled, or robots.txt).
  return `${d.finalUrl} (not followed here: it is a URL of its own in this report)`;
}
