import {
  AUDIT_FEATURE,
  AuditAnswers,
  type AuditStartRequest,
  auditHourlyRefusal,
  proRequired,
} from '@mapsmith/app';
import type { AuditJob, AuditUrlsPage, AuditVerdict, ExportFile } from '@mapsmith/core';
import type { JobRunner } from '../crawl/local-runs';
import { LOCAL_USER_ID, type LocalData } from '../store/local-data';
import { type AccountDeps, currentPlan } from './account';
import { downloadBytes } from './report';

/** What the audit handlers need. */
export interface AuditDeps extends AccountDeps {
  data: LocalData;
  /** The desktop's audit runs, in main, on the engine's audit queue. */
  audits: JobRunner;
}

/** An audit's reference in the contract. */
type AuditRef = { jobId: string };

/** The application layer's audit use cases over the local data, for the one local user. */
function answers(deps: AuditDeps): AuditAnswers {
  return new AuditAnswers(deps.data.audits, deps.data.rates, () => deps.audits.wake());
}

/**
 * `audit.start`: Pro, as hosted, which here means a linked Pro account (decisions.md); then
 * admitted as hosted (its own hourly window), and run after the answer. The other calls are
 * not Pro-only, as hosted: audits made while the account was linked stay readable.
 */
export async function startAudit(
  deps: AuditDeps,
  input: AuditStartRequest,
): Promise<{ jobId: string }> {
  const plan = await currentPlan(deps);
  if (plan !== 'pro')
    throw proRequired(AUDIT_FEATURE, {
      advice: 'Link a Pro account with an API token to use them in the desktop app.',
    });
  const started = await answers(deps).start({ id: LOCAL_USER_ID, plan }, input);
  if (!started.ok) throw auditHourlyRefusal(started.limit);
  return { jobId: started.jobId };
}
/** `audit.get`: the audit's progress and verdict summary. */
export function getAudit(deps: AuditDeps, input: AuditRef): Promise<AuditJob> {
  return answers(deps).get(input.jobId, LOCAL_USER_ID);
}

/** `audit.urls`: a page of the results table. */
export function auditUrls(
  deps: AuditDeps,
  input: AuditRef & { verdict?: AuditVerdict; q?: string; cursor?: number; limit?: number },
): Promise<AuditUrlsPage> {
  return answers(deps).urls(LOCAL_USER_ID, input);
}

/** `audit.report`: the results as the hosted CSV, in bytes for the renderer's download. */
export async function auditReport(
  deps: AuditDeps,
  input: AuditRef & { verdict?: AuditVerdict },
): Promise<ExportFile> {
  const file = await answers(deps).report(LOCAL_USER_ID, input);
  return downloadBytes({ fileName: file.fileName, contentType: file.contentType, text: file.body });
}

/** `audit.stop`: a waiting audit ends at once, a running one within a second. */
export function stopAudit(deps: AuditDeps, input: AuditRef): Promise<AuditJob> {
  return answers(deps).stop(input.jobId, LOCAL_USER_ID);
}
