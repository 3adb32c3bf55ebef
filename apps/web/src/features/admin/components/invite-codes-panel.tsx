import { ActionIcon, Badge, Button, Card, CopyButton, Group, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { formatDate } from '@biddesk/shared';
import { adminErrorMessage } from '../api/admin-api';
import { useCreateInviteCode, useInviteCodes } from '../api/invite-codes';
import { toast } from '../../../lib/toast';
import { MESSAGES } from '../../../lib/messages';

/** Generate invite codes and list them as Available or Used, with copy (SPEC §2 User Management). */
export function InviteCodesPanel() {
  const codes = useInviteCodes();
  const create = useCreateInviteCode();

  const handleGenerate = () =>
    create.mutate(undefined, {
      onError: (error) => toast.error(adminErrorMessage(error, MESSAGES.failedToGenerateCode)),
    });

  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="md">
        <div>
          <Title order={3} size="h4">
            Invite Codes
          </Title>
          <Text size="sm" c="dimmed">
            Registration is invite-only. Each code registers one account.
          </Text>
        </div>
        <Button leftSection={<IconKey size={16} />} onClick={handleGenerate} loading={create.isPending}>
          Generate Invite Code
        </Button>
      </Group>
      {codes.isError && <Text c="red">{adminErrorMessage(codes.error, MESSAGES.failedToLoadInviteCodes)}</Text>}
      {codes.data && codes.data.length === 0 && <Text c="dimmed">No invite codes yet.</Text>}
      {codes.data && codes.data.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Code</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Used by</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {codes.data.map((code) => (
                <Table.Tr key={code.id}>
                  <Table.Td ff="monospace" data-testid="invite-code">
                    {code.code}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={code.used ? 'gray' : 'green'} variant="light" tt="none" data-testid="invite-code-status">
                      {code.used ? 'Used' : 'Available'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatDate(code.created_at)}</Table.Td>
                  <Table.Td>{code.used_by_email ? `${code.used_by_email} (${formatDate(code.used_at)})` : '—'}</Table.Td>
                  <Table.Td>
                    <CopyButton value={code.code} timeout={2000}>
                      {({ copied, copy }) => (
                        <Tooltip label={copied ? 'Copied' : 'Copy'}>
                          <ActionIcon
                            variant="subtle"
                            color={copied ? 'teal' : 'gray'}
                            aria-label={`Copy ${code.code}`}
                            onClick={() => {
                              copy();
                              toast.success(MESSAGES.codeCopied);
                            }}
                          >
                            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </CopyButton>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
