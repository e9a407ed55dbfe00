import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectingLogger,
  GOOD_PASSWORD,
  type LogLine,
  outboxMessages,
  startTestApp,
  TestClient,
  waitFor,
} from '../../../../tests/servers/app-harness.js';
import {
  type ReceivedMail,
  type SmtpStandIn,
  startSmtpStandIn,
} from '../../../../tests/servers/smtp-server.js';
import { createMailer } from './mailer.js';

let smtp: SmtpStandIn;
let smtpPort = 0;
let received: ReceivedMail[] = [];

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  smtpPort = smtp.port;
  received = smtp.received;
});

afterAll(async () => {
  await smtp.close();
});

describe('mail over SMTP', () => {
  it('delivers a message to an SMTP server on 127.0.0.1', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
      from: 'Mapsmith <no-reply@mapsmith.test>',
      outboxDir: path.join(os.tmpdir(), 'unused-outbox'),
      logger: collectingLogger([]),
    });
    expect(mailer.mode).toBe('smtp');
    await mailer.send({
      to: 'reader@example.test',
      subject: 'Hello there',
      text: 'Open https://x.test/a?token=abc',
    });
    const mail = received.find((m) => m.to.includes('reader@example.test'));
    expect(mail?.from).toBe('no-reply@mapsmith.test');
    expect(mail?.data).toContain('Subject: Hello there');
    expect(mail?.data).toContain('https://x.test/a?token=abc');
  });

  it('rejects when the server refuses the recipient', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
      from: 'no-reply@mapsmith.test',
      outboxDir: os.tmpdir(),
      logger: collectingLogger([]),
    });
    await expect(mailer.send({ to: 'x@refused.test', subject: 's', text: 't' })).rejects.toThrow();
  });

  it('the app sends registration and reset mail through SMTP_URL, and none to the outbox', async () => {
    const app = await startTestApp({
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'Mapsmith <hello@mapsmith.test>',
    });
    try {
      const client = new TestClient(app.url);
      const res = await client.call('POST', '/api/register', {
        username: 'smtpuser',
        email: 'smtpuser@example.test',
        password: GOOD_PASSWORD,
      });
      expect(res.status).toBe(201);
      const confirm = await waitFor(() =>
        received.find((m) => m.to.includes('smtpuser@example.test')),
      );
      expect(confirm.data).toContain(`${app.url}/confirm-email?token=`);
      await client.call('POST', '/api/forgot-password', { email: 'smtpuser@example.test' });
      const reset = await waitFor(() =>
        received.find(
          (m) =>
            m.to.includes('smtpuser@example.test') && m.data.includes('/reset-password?token='),
        ),
      );
      expect(reset.from).toBe('hello@mapsmith.test');
      expect(outboxMessages(app.dataDir)).toHaveLength(0);
    } finally {
      await app.close();
    }
  });

  it('registration still succeeds when the mail server refuses, and the failure is logged', async () => {
    const app = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
    try {
      const res = await new TestClient(app.url).call('POST', '/api/register', {
        username: 'refused',
        email: 'someone@refused.test',
        password: GOOD_PASSWORD,
      });
      expect(res.status).toBe(201);
      // Sent after the answer (its time must not tell a new address from a taken one).
      await waitFor(() =>
        app.logs.find((l) => l.level === 'error' && l.message === 'confirmation mail failed'),
      );
    } finally {
      await app.close();
    }
  });
});

describe('mail to the outbox', () => {
  it('writes an .eml file and logs its link when SMTP_URL is not set', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-outbox-'));
    const logs: LogLine[] = [];
    try {
      const mailer = createMailer({
        smtpUrl: null,
        from: 'no-reply@mapsmith.test',
        outboxDir: dir,
        logger: collectingLogger(logs),
      });
      expect(mailer.mode).toBe('outbox');
      await mailer.send({
        to: 'local@example.test',
        subject: 'Local',
        text: 'Body text',
        link: 'http://127.0.0.1/confirm-email?token=t1',
      });
      const files = fs.readdirSync(dir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const eml = fs.readFileSync(path.join(dir, files[0] ?? ''), 'utf8');
      expect(eml).toMatch(
        /^From: no-reply@mapsmith\.test\r?\nTo: local@example\.test\r?\nSubject: Local/m,
      );
      expect(eml).toContain('Body text');
      expect(logs[0]?.fields?.link).toBe('http://127.0.0.1/confirm-email?token=t1');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
