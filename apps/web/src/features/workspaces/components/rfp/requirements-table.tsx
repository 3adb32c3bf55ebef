import { Badge, Card, Group, SegmentedControl, Table, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { RfpRequirement } from '@biddesk/shared';

const SECTIONS = [
  { value: 'all', label: 'All' },
  { value: 'L', label: 'L' },
  { value: 'M', label: 'M' },
  { value: 'C', label: 'C' },
  { value: 'other', label: 'Other' },
];
const OBLIGATIONS = [
  { value: 'all', label: 'All' },
  { value: 'must', label: 'Must' },
  { value: 'should', label: 'Should' },
];

/** The extracted requirements with their page, filterable by section and must/should. */
export function RequirementsTable({ requirements }: { requirements: RfpRequirement[] }) {
  const [section, setSection] = useState('all');
  const [obligation, setObligation] = useState('all');
  const shown = useMemo(
    () => requirements.filter((r) => (section === 'all' || r.section === section) && (obligation === 'all' || r.must_or_should === obligation)),
    [requirements, section, obligation],
  );

  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={3} size="h5">
          Requirements ({shown.length} of {requirements.length})
        </Title>
        <Group gap="xs">
          <SegmentedControl size="xs" aria-label="Section" data={SECTIONS} value={section} onChange={setSection} />
          <SegmentedControl size="xs" aria-label="Must or should" data={OBLIGATIONS} value={obligation} onChange={setObligation} />
        </Group>
      </Group>
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          No requirements match these filters.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>ID</Table.Th>
                <Table.Th>Section</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Page</Table.Th>
                <Table.Th>Requirement</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((r) => (
                <Table.Tr key={r.requirement_id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm" ff="monospace">
                      {r.requirement_id}
                    </Text>
                  </Table.Td>
                  <Table.Td>{r.section === 'other' ? 'Other' : r.section}</Table.Td>
                  <Table.Td miw={80}>
                    <Badge size="sm" variant="light" color={r.must_or_should === 'must' ? 'red' : 'blue'}>
                      {r.must_or_should}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{r.page ?? '—'}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{r.text}</Text>
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
