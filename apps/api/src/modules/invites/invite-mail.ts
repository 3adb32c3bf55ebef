import type { InviteRole } from '@biddesk/shared';
import type { Mailer } from '../../integrations/mail/mailer';

const ROLE_NAMES: Record<InviteRole, string> = { CONTRIBUTOR: 'Contributor', REVIEWER: 'Reviewer', VIEWER: 'Viewer' };

export interface InviteMail {
  to: string;
  workspaceName: string;
  inviterName: string;
  role: InviteRole;
  message: string | null | undefined;
  link: string;
  expiresAt: Date;
  requireNda: boolean;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Mails a workspace invitation: who invites, to what, as which role, their note, and the link. */
export async function sendInviteMail(mailer: Mailer, m: InviteMail): Promise<void> {
  const role = ROLE_NAMES[m.role];
  const expires = m.expiresAt.toUTCString();
  const nda = m.requireNda ? 'You will be asked to accept a mutual non-disclosure agreement before you see the workspace.' : '';
  const note = m.message ? `\n${m.inviterName} wrote:\n"${m.message}"\n` : '';
  await mailer.send({
    to: m.to,
    subject: `${m.inviterName} invited you to "${m.workspaceName}" on BidDesk`,
    text:
      `Hello,\n\n${m.inviterName} invited you to join the BidDesk workspace "${m.workspaceName}" as ${role}.\n${note}\n` +
      `Open this link to accept (it works once and expires ${expires}):\n\n${m.link}\n\n${nda}\n` +
      `If you do not have a BidDesk account yet, you can create one from that page with this email address.\n`,
    html:
      `<p>Hello,</p><p><strong>${escapeHtml(m.inviterName)}</strong> invited you to join the BidDesk workspace ` +
      `<strong>${escapeHtml(m.workspaceName)}</strong> as <strong>${role}</strong>.</p>` +
      (m.message ? `<blockquote>${escapeHtml(m.message)}</blockquote>` : '') +
      `<p><a href="${m.link}">Accept the invitation</a> (it works once and expires ${escapeHtml(expires)}).</p>` +
      (nda ? `<p>${nda}</p>` : '') +
      `<p>If you do not have a BidDesk account yet, you can create one from that page with this email address.</p>`,
  });
}
