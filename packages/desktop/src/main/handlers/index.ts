import { buildOpenApiDocument } from '@mapsmith/core';
import type { HandlerTable } from '../ipc-router';
import { getAccountStatus, linkAccount, unlinkAccount } from './account';
import { type AppDeps, getConfig, getLocalUser, HOSTED_ONLY, hostedOnly, openHosted } from './app';
import { type AuditDeps, auditReport, auditUrls, getAudit, startAudit, stopAudit } from './audit';
import { downloadBulk, getBulk, listBulks, saveBulk, startBulk, stopBulk } from './bulk';
import { openSitemapFile } from './checker';
import { type ClientReportDeps, crawlPdf } from './client-report';
import { type CompareDeps, compareFindings, compareReport, startCompare } from './compare';
import { type CrawlDeps, controlCrawl, getCrawl, startCrawl } from './crawl';
import { type ExportDeps, generateExport, saveExport } from './export';
import { deleteCrawl, getAnalytics, listCrawls, listHistory } from './history';
import {
  crawlChanges,
  crawlCharts,
  crawlReportFile,
  crawlUrl,
  crawlUrls,
  saveReport,
} from './report';
import {
  createSchedule,
  deleteSchedule,
  listSchedules,
  pauseSchedule,
  rotateScheduleToken,
  type ScheduleDeps,
  updateSchedule,
} from './schedules';
import { getSeo } from './seo';
import { fetchSitemap } from './sitemap';

/** Everything the desktop's handlers need, built once in main (or in a test). */
export type DesktopDeps = AppDeps &
  CrawlDeps &
  ExportDeps &
  ClientReportDeps &
  CompareDeps &
  AuditDeps &
  ScheduleDeps;

/** The IPC handler table: each entry a plain function of (deps, parsed input). */
export function createHandlers(deps: DesktopDeps): HandlerTable {
  const table: HandlerTable = {
    'config.get': () => getConfig(deps),
    'user.get': () => getLocalUser(deps),
    'crawl.start': (input) => startCrawl(deps, input),
    'crawl.get': (input) => getCrawl(deps, input),
    'crawl.stop': (input) => controlCrawl(deps, input, 'stop'),
    'crawl.pause': (input) => controlCrawl(deps, input, 'pause'),
    'crawl.resume': (input) => controlCrawl(deps, input, 'resume'),
    'crawl.urls': (input) => crawlUrls(deps, input),
    'crawl.url': (input) => crawlUrl(deps, input),
    'crawl.charts': (input) => crawlCharts(deps, input),
    'crawl.changes': (input) => crawlChanges(deps, input),
    'crawl.report': (input) => crawlReportFile(deps, input),
    'report.save': (input) => saveReport(deps, input),
    'crawl.pdf': (input) => crawlPdf(deps, input),
    'seo.get': (input) => getSeo(deps, input),
    'sitemap.fetch': (input) => fetchSitemap(deps, input),
    'export.generate': (input) => generateExport(deps, input),
    'export.save': (input) => saveExport(deps, input),
    'checker.openFile': () => openSitemapFile(deps),
    'history.list': () => listHistory(deps),
    'crawls.list': (input) => listCrawls(deps, input),
    'crawl.delete': (input) => deleteCrawl(deps, input),
    'analytics.get': () => getAnalytics(deps),
    'account.status': () => getAccountStatus(deps),
    'account.link': (input) => linkAccount(deps, input),
    'account.unlink': () => unlinkAccount(deps),
    'app.openHosted': (input) => openHosted(deps, input),
    'crawl.sitemapCompare': (input) => startCompare(deps, input),
    'crawl.sitemapFindings': (input) => compareFindings(deps, input),
    'crawl.sitemapReport': (input) => compareReport(deps, input),
    'bulk.start': (input) => startBulk(deps, input),
    'bulk.list': () => listBulks(deps),
    'bulk.get': (input) => getBulk(deps, input),
    'bulk.stop': (input) => stopBulk(deps, input),
    'bulk.download': (input) => downloadBulk(deps, input),
    'bulk.save': (input) => saveBulk(deps, input),
    'audit.start': (input) => startAudit(deps, input),
    'audit.get': (input) => getAudit(deps, input),
    'audit.urls': (input) => auditUrls(deps, input),
    'audit.report': (input) => auditReport(deps, input),
    'audit.stop': (input) => stopAudit(deps, input),
    // Scheduled crawls run in main while the app is open (`startLocalScheduler`).
    'schedules.list': () => listSchedules(deps),
    'schedules.create': (input) => createSchedule(deps, input),
    'schedules.update': (input) => updateSchedule(deps, input),
    'schedules.pause': (input) => pauseSchedule(deps, input),
    'schedules.delete': (input) => deleteSchedule(deps, input),
    'schedules.rotateToken': () => rotateScheduleToken(),
    // The hosted API's reference: the same document, its calls addressed to the hosted site.
    'openapi.get': async () => buildOpenApiDocument({ serverUrl: deps.hostedUrl }),
  };
  for (const { names, where } of HOSTED_ONLY) {
    const refuse = hostedOnly(deps, where);
    for (const name of names) table[name] = refuse as never;
  }
  return table;
}
