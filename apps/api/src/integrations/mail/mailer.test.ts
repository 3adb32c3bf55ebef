import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer';

const log = pino({ level: 'silent' });

describe('mailer', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('delivers through a real SMTP server when SMTP_URL is set', async () => {
    const received: { from: string; to: string[]; data: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'BidDesk <no-reply@biddesk.test>',
        outboxDir: '/nonexistent',
        log,
      });
      expect(mailer.kind).toBe('smtp');
      await mailer.send({ to: 'bidder@example.com', subject: 'Reset your password', text: 'Open http://x/reset-password/abc' });
      expect(received).toHaveLength(1);
      expect(received[0].from).toBe('no-reply@biddesk.test');
      expect(received[0].to).toEqual(['bidder@example.com']);
      expect(received[0].data).toContain('Subject: Reset your password');
      expect(received[0].data).toContain('http://x/reset-password/abc');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('writes one .eml file per message to the outbox without SMTP_URL, logging the file but never the link', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    dirs.push(dir);
    const logged: string[] = [];
    const capture = pino({ level: 'info' }, { write: (line: string) => void logged.push(line) });
    const mailer = createMailer({ from: 'BidDesk <no-reply@biddesk.test>', outboxDir: path.join(dir, 'outbox'), log: capture });
    expect(mailer.kind).toBe('outbox');
    await mailer.send({ to: 'a@example.com', subject: 'One', text: 'first body', link: 'http://x/1' });
    await mailer.send({ to: 'b@example.com', subject: 'Two', text: 'second body' });
    const files = readdirSync(path.join(dir, 'outbox')).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(2);
    const all = files.map((f) => readFileSync(path.join(dir, 'outbox', f), 'utf8')).join('\n');
    expect(all).toContain('To: a@example.com');
    expect(all).toContain('Subject: Two');
    expect(all).toContain('first body');
    expect(logged.join('')).toContain('.eml');
    expect(logged.join('')).not.toContain('http://x/1');
  });
});
