import type { ValidationResult } from '@mapsmith/core/browser';
import { useAuth } from '../app/auth';
import { AuditPanel } from './AuditPanel';
import { AuditTeaser } from './AuditTeaser';
import type { AuditSource } from './use-audit';

/**
 * Under the checker's free result: the Pro audit for a Pro user (in the desktop app, a linked Pro
 * account), otherwise what it would add (never a silent copy of the free result). Nothing for an
 * empty sitemap.
 */
export function AuditOffer(props: { source: AuditSource; result: ValidationResult }) {
  const { user } = useAuth();
  if (props.result.stats.totalUrls === 0) return null;
  if (user?.isPro) return <AuditPanel source={props.source} result={props.result} />;
  return <AuditTeaser result={props.result} />;
}
