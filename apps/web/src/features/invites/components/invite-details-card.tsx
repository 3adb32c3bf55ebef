import { Alert, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconFileCertificate, IconLogin, IconUserExclamation } from '@tabler/icons-react';
import { formatDate, InviteRoleSchema, type InviteDetails } from '@biddesk/shared';
import { RoleBadge } from '../../../components/ui/role-badge';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '../../../lib/workspace-roles';

export interface InviteDetailsCardProps {
  invite: InviteDetails;
  /** The signed-in user's email, or null when nobody is signed in. */
  signedInEmail: string | null;
  accepting: boolean;
  onAccept: () => void;
  onDecline: () => void;
  /** Shown when nobody is signed in and the invited email has no account yet. */
  onCreateAccount: () => void;
}

/** The valid-invite card (SPEC §2 "You've Been Invited!"). */
export function InviteDetailsCard({ invite, signedInEmail, accepting, onAccept, onDecline, onCreateAccount }: InviteDetailsCardProps) {
  const otherAccount = signedInEmail !== null && signedInEmail.toLowerCase() !== invite.email.toLowerCase();
  return (
    <Stack gap="md" data-testid="invite-card">
      <Title order={1} size="h3" ta="center">
        You&apos;ve Been Invited!
      </Title>
      <Text ta="center">
        {invite.inviter_name ?? 'A workspace owner'} invited you to join <b>{invite.workspace_name}</b>.
      </Text>
      <Stack gap={4}>
        <Detail label="Workspace" value={invite.workspace_name} />
        <Detail label="Invited by" value={invite.inviter_name ?? '—'} />
        <Group gap="xs">
          <Text size="sm" c="dimmed" w={110}>
            Role
          </Text>
          <RoleBadge role={invite.role} />
        </Group>
        <Detail label="Invited email" value={invite.email} />
        <Detail label="Expires" value={formatDate(invite.expires_at)} />
      </Stack>
      {invite.message && (
        <Alert variant="light" color="blue" title="Message from the inviter" data-testid="invite-message">
          {invite.message}
        </Alert>
      )}
      <div>
        <Text size="sm" fw={600} mb={4}>
          What each role can do
        </Text>
        <List size="sm" spacing={2} data-testid="role-permissions">
          {InviteRoleSchema.options.map((role) => (
            <List.Item key={role} fw={role === invite.role ? 600 : undefined}>
              {ROLE_LABELS[role]}: {ROLE_DESCRIPTIONS[role]}
              {role === invite.role ? ' (your role)' : ''}
            </List.Item>
          ))}
        </List>
      </div>
      {invite.require_nda && (
        <Alert color="yellow" icon={<IconFileCertificate size={18} />} title="NDA required" data-testid="nda-notice">
          This workspace requires you to accept a non-disclosure agreement before you can see its content.
        </Alert>
      )}
      {signedInEmail === null && (
        <Alert color="blue" icon={<IconLogin size={18} />} title="Login required" data-testid="login-required">
          Please log in as {invite.email} to accept this invite.
          {!invite.has_account && (
            <>
              {' '}
              No account for this email yet? Create one to join.
              <Button variant="light" size="xs" mt="xs" display="block" onClick={onCreateAccount}>
                Create account to join
              </Button>
            </>
          )}
        </Alert>
      )}
      {otherAccount && (
        <Alert color="orange" icon={<IconUserExclamation size={18} />} data-testid="other-account">
          You are signed in as {signedInEmail}, but this invite was sent to {invite.email}. Sign in with that email to accept it.
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDecline} disabled={accepting}>
          Decline
        </Button>
        <Button onClick={onAccept} loading={accepting}>
          Accept &amp; Join
        </Button>
      </Group>
    </Stack>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed" w={110}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Group>
  );
}
