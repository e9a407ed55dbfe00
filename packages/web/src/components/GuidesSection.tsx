import { Link } from '@tanstack/react-router';
import { GUIDES } from '../content/guides';

/** The guides list of the home page and of `/how-to`: six articles with read time and category. */
export function GuidesSection(props: { headingLevel?: 'h1' | 'h2' }) {
  const Heading = props.headingLevel ?? 'h2';
  return (
    <section className="section" id="guides" aria-labelledby="guides-title">
      <p className="eyebrow">How-to guides</p>
      <Heading id="guides-title">Learn to get sitemaps right</Heading>
      <div className="card-grid three">
        {GUIDES.map((g) => (
          <Link
            key={g.slug}
            to="/how-to/$slug"
            params={{ slug: g.slug }}
            className="card card-link guide-card"
          >
            <span className="guide-meta">
              {g.category} · {g.readMinutes} min read
            </span>
            <h3>{g.title}</h3>
            <p>{g.description}</p>
          </Link>
        ))}
      </div>
    </section>
  );
}
