import { SUPPORT_HOURS } from '@mapsmith/core/browser';
import { Link } from '@tanstack/react-router';
import { SectionLink } from './SectionLink';

/** The site footer (spec §2): page links, and links to the home page's tools and how-to guides. */
export function Footer() {
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <div className="footer-brand">
          <p className="brand">Mapsmith</p>
          <p className="muted">
            Sitemaps that list exactly the pages that belong in them, checked against the
            sitemaps.org schemas. Support answers within {SUPPORT_HOURS.standard} hours (
            {SUPPORT_HOURS.pro} hours for Pro).
          </p>
        </div>
        <nav aria-label="Tools" className="footer-col">
          <h2 className="footer-heading">Tools</h2>
          <ul>
            <li>
              <SectionLink section="generator">Sitemap Generator</SectionLink>
            </li>
            <li>
              <SectionLink section="checker">Sitemap Checker</SectionLink>
            </li>
            <li>
              <SectionLink section="how-to">How-to Guides</SectionLink>
            </li>
          </ul>
        </nav>
        <nav aria-label="Company" className="footer-col">
          <h2 className="footer-heading">Company</h2>
          <ul>
            <li>
              <Link to="/about">About</Link>
            </li>
            <li>
              <Link to="/api-docs">API</Link>
            </li>
            <li>
              <Link to="/support">Support</Link>
            </li>
            <li>
              <Link to="/contact">Contact</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Plans and policies" className="footer-col">
          <h2 className="footer-heading">Plans &amp; policies</h2>
          <ul>
            <li>
              <Link to="/pricing">Pricing</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy</Link>
            </li>
            <li>
              <Link to="/terms">Terms</Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="footer-legal muted">© {new Date().getFullYear()} Mapsmith</p>
    </footer>
  );
}
