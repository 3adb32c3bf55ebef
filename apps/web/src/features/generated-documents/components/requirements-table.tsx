import { Badge, Group, SegmentedControl, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { OpportunityRequirement, RequirementDto } from '@biddesk/shared';
import { plural } from '@biddesk/shared';

const SECTION_LABEL: Record<string, string> = { L: 'L · Instructions', M: 'M · Evaluation', C: 'C · Work statement', other: 'Other' };

/** The upload's answer lists requirements without their lead-ins; the list endpoint adds them. */
type ListedRequirement = RequirementDto & Partial<Pick<OpportunityRequirement, 'lead_in'>>;

/** Requirements extracted from the solicitation PDF, filterable by section; a list item shows its lead-in, muted, above it. */
export function RequirementsTable({ requirements }: { requirements: ListedRequirement[] }) {
  const [section, setSection] = useState('all');
  const sections = [...new Set(requirements.map((r) => r.section))];
  const shown = section === 'all' ? requirements : requirements.filter((r) => r.section === section);
  const musts = requirements.filter((r) => r.must_or_should === 'must').length;
  return (
    <>
      <Group justify="space-between" mb="xs">
        <Text size="sm" c="dimmed">
          {plural(requirements.length, 'requirement')} · {musts} must · {requirements.length - musts} should
        </Text>
        <SegmentedControl
          size="xs"
          value={section}
          onChange={setSection}
          data={[{ value: 'all', label: 'All' }, ...sections.map((s) => ({ value: s, label: SECTION_LABEL[s] ?? s }))]}
        />
      </Group>
      <Table.ScrollContainer minWidth={640} mah={480}>
        <Table striped verticalSpacing={6} data-testid="requirements-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={90}>ID</Table.Th>
              <Table.Th w={70}>Section</Table.Th>
              <Table.Th>Requirement</Table.Th>
              <Table.Th w={80}>Type</Table.Th>
              <Table.Th w={60}>Page</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((r) => (
              <Table.Tr key={r.requirement_id}>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {r.requirement_id}
                  </Text>
                </Table.Td>
                <Table.Td>{r.section}</Table.Td>
                <Table.Td>
                  {r.lead_in && (
                    <Text size="xs" c="dimmed" data-testid="requirement-lead-in">
                      {r.lead_in}
                    </Text>
                  )}
                  <Text size="sm">{r.text}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={r.must_or_should === 'must' ? 'red' : 'gray'}>
                    {r.must_or_should}
                  </Badge>
                </Table.Td>
                <Table.Td>{r.page ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
