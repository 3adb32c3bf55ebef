import { Alert, Box, Card, Stack, Text, Title } from '@mantine/core';
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
          // A list rather than a table: label, value and source stay readable at phone width.
          <Box component="dl" aria-label="Facts read from the form" m={0}>
            {facts.facts.map((f) => (
              <Box key={f.key} data-testid={`form-fact-${f.key}`} py={6} style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
                <Text component="dt" size="sm" fw={600}>
                  {f.label}
                </Text>
                <Text component="dd" m={0} style={{ whiteSpace: 'pre-line', overflowWrap: 'break-word' }}>
                  {f.value}
                </Text>
                <Text component="dd" m={0} size="sm" c="dimmed" title={f.caption}>
                  Read from {f.source}
                </Text>
              </Box>
            ))}
          </Box>
        )}
      </Stack>
    </Card>
  );
}
