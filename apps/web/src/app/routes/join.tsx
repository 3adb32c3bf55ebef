import { Center, Paper, Title } from '@mantine/core';

/** Invite acceptance (SPEC §2), outside the layout and public. */
export function JoinRoute() {
  return (
    <Center mih="100vh" bg="gray.0">
      <Paper withBorder p="xl" radius="md">
        <Title order={1} size="h3">
          Invite
        </Title>
      </Paper>
    </Center>
  );
}
