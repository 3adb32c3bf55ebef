import { Button, Group, Modal, Radio, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { EmailSchema, InviteRoleSchema, type InviteRole } from '@biddesk/shared';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '../../../lib/workspace-roles';
import { useInviteMember } from '../api/workspace-invites';
import { toast } from '../../../lib/toast';
import { MESSAGES } from '../../../lib/messages';

interface InviteValues {
  email: string;
  role: InviteRole;
  message: string;
}

/**
 * The owner's invite dialog (SPEC §5): email required, role CONTRIBUTOR by default, optional note.
 * `initialMessage` prefills the note (partner search names the partner it invites).
 */
export function InviteMemberDialog({
  workspaceId,
  opened,
  onClose,
  initialMessage = '',
}: {
  workspaceId: string;
  opened: boolean;
  onClose: () => void;
  initialMessage?: string;
}) {
  const invite = useInviteMember(workspaceId);
  const form = useForm<InviteValues>({
    initialValues: { email: '', role: 'CONTRIBUTOR', message: initialMessage },
    validate: { email: (value) => EmailSchema.safeParse(value).error?.issues[0]?.message ?? null },
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const handleSubmit = form.onSubmit((values) => {
    const email = values.email.trim();
    invite.mutate(
      { email, role: values.role, message: values.message.trim() || undefined },
      {
        onSuccess: (sent) => {
          // A re-invite revokes the pending one (WORKSPACES.md §1): say so, the earlier mail's link no longer works.
          const replaced = sent.replaced_previous ? '. The earlier invitation link sent to this address no longer works.' : '';
          toast.success(`Invitation sent to ${email}${replaced}`);
          close();
        },
        onError: (err) => toast.error(MESSAGES.failedToSendInvitation, err),
      },
    );
  });

  return (
    <Modal opened={opened} onClose={close} title="Invite Member" centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <TextInput label="Email" type="email" required data-autofocus {...form.getInputProps('email')} />
          <Radio.Group label="Role" {...form.getInputProps('role')}>
            <Stack gap="xs" mt={4}>
              {InviteRoleSchema.options.map((role) => (
                <Radio key={role} value={role} label={ROLE_LABELS[role]} description={ROLE_DESCRIPTIONS[role]} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea label="Message (optional)" autosize minRows={2} maxLength={2000} {...form.getInputProps('message')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={invite.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={invite.isPending}>
              Send Invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
