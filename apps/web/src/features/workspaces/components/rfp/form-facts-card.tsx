import { Alert, Card, Stack, Table, Text, Title } from '@mantine/core';
import type { RfpFormFacts } from '@biddesk/shared';

/**
 * What the solicitation's filled standard form states (issue 22): the offer due date as the form
 * writes it, where each fact was read ("SF-1449 block 8, p. 1"), and the SAM.gov notice's deadline
 * beside it. The server compared them; a difference is flagged here, never resolved silently.
 * Dates are the server's text: nothing is re-printed in the browser's zone.
 */
export function FormFactsCard({ facts }: { facts: RfpFormFacts }) {
  const due = facts.offer_due;
  const check = facts.due_check;
  const title = facts.form ? `From the ${facts.form}` : 'From the filled form';
  return (
    <Card withBorder radius="md" padding="lg" data-testid="form-facts">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {title}
        </Title>
        {due && (
          <div data-testid="form-offer-due">
            <Text fw={600}>Offers due {due.text}</Text>
            <Text size="sm" c="dimmed">
              Read from {due.source}
            </Text>
          </div>
        )}
        {check?.agreement === 'differs' && (
          <Alert color="orange" title="The form and the SAM.gov notice give different due dates" data-testid="due-differs">
            <Text size="sm">
              Form: {due?.text} ({due?.source})
            </Text>
            <Text size="sm">SAM.gov notice: {check.notice_text}</Text>
            <Text size="sm" mt={4}>
              An amendment may have moved the date; confirm with the contracting officer.
            </Text>
          </Alert>
        )}
        {check?.agreement === 'same' && (
          <Text size="sm" data-testid="due-same">
            SAM.gov notice: {check.notice_text}. {check.detail}
          </Text>
        )}
        {check?.agreement === 'no_notice' && (
          <Text size="sm" c="dimmed">
            {check.detail}
          </Text>
        )}
        {facts.facts.length > 0 && (
          <Table.ScrollContainer minWidth={360}>
            <Table verticalSpacing={4} aria-label="Facts read from the form">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Fact</Table.Th>
                  <Table.Th scope="col">Value</Table.Th>
                  <Table.Th scope="col">Read from</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {facts.facts.map((f) => (
                  <Table.Tr key={f.key}>
                    <Table.Th scope="row" fw={500}>
                      {f.label}
                    </Table.Th>
                    <Table.Td style={{ whiteSpace: 'pre-line' }}>{f.value}</Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed" title={f.caption}>
                        {f.source}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
