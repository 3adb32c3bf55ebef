import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../../integrations/mail/mailer';

export interface AlertMail {
  to: string;
  name: string;
  title: string;
  message: string;
  /** In-app path the bell notification links to. */
  link: string;
}

/**
 * Mails alerts to the users who chose mail in Settings → Notifications. Runs after the notifications
 * committed; a mail that fails is logged (without the address) and the bell still has the alert.
 */
export async function mailAlerts(mailer: Mailer, publicUrl: string, mails: AlertMail[], log: FastifyBaseLogger): Promise<number> {
  let sent = 0;
  for (const m of mails) {
    const url = `${publicUrl.replace(/\/$/, '')}${m.link}`;
    try {
      await mailer.send({
        to: m.to,
        subject: m.title,
        text: `Hello ${m.name},\n\n${m.message}\n\nOpen it: ${url}\n\nYou get these mails because email notifications are on in BidDesk Settings → Notifications.\n`,
        link: url,
      });
      sent++;
    } catch (err) {
      log.warn({ error: err instanceof Error ? err.message : String(err) }, 'alert mail failed');
    }
  }
  return sent;
}
