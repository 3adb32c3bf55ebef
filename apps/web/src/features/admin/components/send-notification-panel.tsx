import { Button, Card, Group, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import { SendNotificationBodySchema } from '@biddesk/shared';
import { schemaCheck } from '../../../lib/validation';
import { adminErrorMessage, useAdminUsers, useSendNotification } from '../api/admin-api';
import { plural } from '@biddesk/shared';
import { toast } from '../../../lib/toast';
import { MESSAGES } from '../../../lib/messages';

const ALL_USERS = 'all';

/** Send a notification to one user or all (SPEC §2 Notifications, §5). */
export function SendNotificationPanel() {
  const users = useAdminUsers();
  const send = useSendNotification();
  const form = useForm({
    initialValues: { title: '', message: '', recipient: ALL_USERS, link: '' },
    validate: {
      title: schemaCheck(SendNotificationBodySchema.shape.title),
      message: schemaCheck(SendNotificationBodySchema.shape.message),
      link: (value) => (value.trim() && !value.trim().startsWith('/') ? 'Link must be an in-app path starting with /' : null),
    },
  });

  const recipients = [
    { value: ALL_USERS, label: 'All users' },
    ...(users.data ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.email})` })),
  ];

  const handleSubmit = form.onSubmit((values) => {
    send.mutate(
      {
        title: values.title.trim(),
        message: values.message.trim(),
        user_id: values.recipient === ALL_USERS ? null : values.recipient,
        link: values.link.trim() || null,
      },
      {
        onSuccess: ({ sent }) => {
          toast.success(`Notification sent to ${plural(sent, 'user')}`);
          form.reset();
        },
        onError: (error) => toast.error(adminErrorMessage(error, MESSAGES.failedToSendNotification)),
      },
    );
  });

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h4">
        Send Notification
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Appears in the notification bell of the chosen users.
      </Text>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <Select
            label="Recipient"
            data={recipients}
            searchable
            allowDeselect={false}
            nothingFoundMessage="No matching users"
            {...form.getInputProps('recipient')}
            onChange={(value) => form.setFieldValue('recipient', value ?? ALL_USERS)}
          />
          <TextInput label="Title" required maxLength={200} {...form.getInputProps('title')} />
          <Textarea label="Message" required autosize minRows={3} maxRows={8} maxLength={5000} {...form.getInputProps('message')} />
          <TextInput
            label="Link (optional)"
            placeholder="/opportunity/..."
            description="An in-app path opened when the notification is clicked"
            {...form.getInputProps('link')}
          />
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending}>
              Send Notification
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
