import type { ReactNode } from 'react';

/** The title block of a content page: eyebrow, heading and lead paragraph. */
export function PageHeader(props: { eyebrow?: string; title: string; lead?: ReactNode }) {
  return (
    <header className="page-header">
      {props.eyebrow && <p className="eyebrow">{props.eyebrow}</p>}
      <h1>{props.title}</h1>
      {props.lead && <p className="lead">{props.lead}</p>}
    </header>
  );
}
