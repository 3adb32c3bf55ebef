import { Button, Group, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MIN_PASSWORD_LENGTH, type JoinRegisterResponse } from '@biddesk/shared';
import { useRegisterByInvite } from '../api/join';
import { toast } from '../../../lib/toast';
import { MESSAGES } from '../../../lib/messages';

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
      name: (v) => (v.trim() ? null : 'Name is required'),
      password: (v) => (v.length < MIN_PASSWORD_LENGTH ? `Password must be at least ${MIN_PASSWORD_LENGTH} characters` : null),
      confirm: (v, values) => (v === values.password ? null : 'Passwords do not match'),
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
