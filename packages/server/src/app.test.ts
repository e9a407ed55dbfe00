import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { operations } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { databaseFile, outboxDir, type RunningServer, startServer } from './server.js';

let server: RunningServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-app-'));
  const webDir = path.join(dataDir, 'web');
  fs.mkdirSync(path.join(webDir, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    '<html><head><title>Mapsmith</title></head><body></body></html>',
  );
  fs.writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');
  const config = loadConfig({ PORT: '0', MAPSMITH_DATA_DIR: dataDir, MAPSMITH_WEB_DIR: webDir });
  server = await startServer(config, createLogger({ quiet: true }));
});

afterAll(async () => {
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the hosted app', () => {
  it('creates the SQLite file and the mail outbox in the data folder', () => {
    expect(fs.existsSync(databaseFile(dataDir))).toBe(true);
    expect(fs.statSync(outboxDir(dataDir)).isDirectory()).toBe(true);
  });

  it('answers GET /api/health with the database, the queue and the workers', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = await res.json();
    expect(operations['health.get'].output.parse(body)).toEqual(body);
    expect(body).toEqual({
      status: 'ok',
      version: expect.any(String),
      role: 'all',
      database: { kind: 'sqlite', reachable: true, latencyMs: expect.any(Number) },
      queue: { waiting: 0, running: 0 },
      workers: { live: 1 },
    });
  });

  it('serves the web app for every page of the app', async () => {
    for (const page of ['/', '/login', '/how-to/sitemap-generator-guide', '/dashboard/']) {
      const res = await fetch(`${server.url}${page}`);
      expect(res.status, page).toBe(200);
      expect(await res.text()).toMatch(/<title>[^<]+\| Mapsmith<\/title>/);
    }
  });

  it('answers 404 with the app and the 404 title for any other path', async () => {
    for (const page of ['/nope', '/how-to/no-such-guide', '/login/extra']) {
      const res = await fetch(`${server.url}${page}`);
      expect(res.status, page).toBe(404);
      expect(await res.text()).toContain('<title>404 Page Not Found</title>');
    }
  });

  it('serves built assets, and 404 for a missing one', async () => {
    expect((await fetch(`${server.url}/assets/app.js`)).status).toBe(200);
    expect((await fetch(`${server.url}/assets/missing.js`)).status).toBe(404);
  });

  it('answers unknown API paths with a JSON 404, not the web app', async () => {
    const res = await fetch(`${server.url}/api/no-such-call`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'Not found' });
  });

  it('answers a malformed JSON body with 400, not 500', async () => {
    const res = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"url": ',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'Invalid JSON' });
  });

  it('answers an unknown API path 404 without reading its body', async () => {
    const res = await fetch(`${server.url}/api/anything`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"url": ',
    });
    expect(res.status).toBe(404);
  });

  it('refuses a cross-site form POST (CSRF)', async () => {
    const form = await fetch(`${server.url}/api/logout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    expect(form.status).toBe(415);
    const crossSite = await fetch(`${server.url}/api/logout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'cross-site' },
      body: '{}',
    });
    expect(crossSite.status).toBe(403);
  });

  it('sends security headers and no x-powered-by', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});

describe('configuration', () => {
  it('refuses a bad PORT and loopback crawling in production', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ NODE_ENV: 'production', MAPSMITH_ALLOW_LOOPBACK: '1' })).toThrow(
      /refused/,
    );
  });

  it('defaults to 127.0.0.1:3000 and ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toBe(path.resolve('data'));
  });
});
