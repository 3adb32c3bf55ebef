import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { E2E_DATA_DIR } from './playwright.config';

/** Decodes quoted-printable soft line breaks and escapes so links read whole. */
function decodeQuotedPrintable(s: string): string {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits for a mail to `to` in the product's outbox and returns the first link matching `pattern`. */
export async function waitForMailLink(to: string, pattern: RegExp, timeoutMs = 15_000): Promise<string> {
  const dir = path.join(E2E_DATA_DIR, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(dir)) {
      for (const file of readdirSync(dir)
        .filter((f) => f.endsWith('.eml'))
        .sort()
        .reverse()) {
        const mail = decodeQuotedPrintable(readFileSync(path.join(dir, file), 'utf8'));
        if (!mail.includes(`To: ${to}`)) continue;
        const match = mail.match(pattern);
        if (match) return match[0];
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} with a link matching ${pattern}`);
}
