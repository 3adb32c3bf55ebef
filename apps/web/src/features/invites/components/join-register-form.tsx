import { Button, Group, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { JoinRegisterBodySchema, type JoinRegisterResponse } from '@biddesk/shared';
import { useRegisterByInvite } from '../api/join';
import { toast } from '../../../lib/toast';
import { MESSAGES } from '../../../lib/messages';
import { checkSamePassword, schemaCheck } from '../../../lib/validation';

export interface JoinRegisterFormProps {
  token: string;
  email: string;
  onRegistered: (answer: JoinRegisterResponse) => void;
  onCancel: () => void;
}

/**
 * "Create account to join": an account for the invited email (shown, not editable) without an admin
 * invite code (WORKSPACES.md §4). The server joins the workspace in the same call.
 */
export function JoinRegisterForm({ token, email, onRegistered, onCancel }: JoinRegisterFormProps) {
  const register = useRegisterByInvite();
  const form = useForm({
    initialValues: { name: '', password: '', confirm: '' },
    validate: {
      name: schemaCheck(JoinRegisterBodySchema.shape.name),
      password: schemaCheck(JoinRegisterBodySchema.shape.password),
      confirm: (v, values) => checkSamePassword(v, values.password),
    },
  });

  const handleSubmit = form.onSubmit((values) =>
    register.mutate(
      { token, body: { name: values.name.trim(), password: values.password } },
      {
        onSuccess: (answer) => {
          toast.success(MESSAGES.registrationSuccessful);
          onRegistered(answer);
        },
        onError: (err) => toast.error(MESSAGES.registrationFailed, err),
      },
    ),
  );

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="join-register-form">
      <Stack gap="sm">
        <Title order={1} size="h3">
          Create account to join
        </Title>
        <TextInput label="Email" value={email} readOnly disabled />
        <TextInput label="Full name" autoComplete="name" required {...form.getInputProps('name')} />
        <PasswordInput label="Password" autoComplete="new-password" required {...form.getInputProps('password')} />
        <PasswordInput label="Confirm password" autoComplete="new-password" required {...form.getInputProps('confirm')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={register.isPending}>
            Back
          </Button>
          <Button type="submit" loading={register.isPending}>
            {register.isPending ? 'Creating account...' : 'Create account and join'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
