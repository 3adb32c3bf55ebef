import { Button, Card, Group, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUserPlus } from '@tabler/icons-react';
import { AppRoleSchema, type AppRole } from '@biddesk/shared';
import { CreateUserBodySchema } from '@biddesk/shared';
import { checkEmail, checkNewPassword, checkRequired, schemaCheck } from '../../../lib/validation';
import { adminErrorMessage, useCreateUser } from '../api/admin-api';
import { toast } from '../../../lib/toast';
import { MESSAGES } from '../../../lib/messages';

const ROLE_OPTIONS = [
  { value: 'user', label: 'User' },
  { value: 'admin', label: 'Admin' },
];

/** Create a user without an invite code (SPEC §2 User Management, §5). */
export function CreateUserPanel() {
  const create = useCreateUser();
  const form = useForm({
    initialValues: { email: '', name: '', password: '', role: 'user' as AppRole },
    validate: {
      email: checkEmail,
      name: schemaCheck(CreateUserBodySchema.shape.name),
      password: (v) => checkRequired('Password')(v) ?? checkNewPassword(v),
    },
  });

  const handleSubmit = form.onSubmit((values) => {
    create.mutate(
      { email: values.email.trim(), name: values.name.trim(), password: values.password, role: values.role },
      {
        onSuccess: () => {
          toast.success(MESSAGES.userCreated);
          form.reset();
        },
        onError: (error) => toast.error(adminErrorMessage(error, MESSAGES.failedToCreateUser)),
      },
    );
  });

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h4">
        Create User
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Add an account directly, without an invite code.
      </Text>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Email" type="email" required autoComplete="off" {...form.getInputProps('email')} />
            <TextInput label="Full Name" required autoComplete="off" {...form.getInputProps('name')} />
            <PasswordInput label="Password" required autoComplete="new-password" {...form.getInputProps('password')} />
            <Select
              label="Role"
              data={ROLE_OPTIONS}
              allowDeselect={false}
              {...form.getInputProps('role')}
              onChange={(value) => {
                const role = AppRoleSchema.safeParse(value);
                if (role.success) form.setFieldValue('role', role.data);
              }}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconUserPlus size={16} />} loading={create.isPending}>
              Create User
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
