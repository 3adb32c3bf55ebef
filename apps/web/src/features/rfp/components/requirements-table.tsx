import { Badge, Card, Checkbox, Group, SegmentedControl, Table, Text, Title } from '@mantine/core';
import { Fragment, useMemo, useState, type ReactNode } from 'react';
import type { RfpRequirement } from '@biddesk/shared';
import type { CorrectionChange } from '../api/rfp-corrections';
import { CorrectionForm } from './correction-form';
import { BasisDetails, CorrectedFrom, LeadIn, WhyToggle } from './requirement-basis';

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

/** Row selection, for members who may turn requirements into tasks. */
export interface Selection {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
}

/** Correcting rows, for members who may (OWNER, CONTRIBUTOR, workspace not archived). */
export interface Corrections {
  pending: boolean;
  onChange: (change: CorrectionChange) => Promise<unknown>;
}

/**
 * The extracted requirements with their page, filterable by section and must/should (as the team
 * corrected them). Each row opens "Why is this a requirement?" (the engine's basis) and, with
 * `corrections`, the controls to correct it. Rows marked not a requirement stay listed, struck
 * through, so they can be undone; they cannot be selected for tasks. With a `selection`, rows get
 * checkboxes and the header box selects (or clears) every row the current filters show; `actions`
 * sit beside the filters.
 */
export function RequirementsTable({
  requirements,
  selection,
  actions,
  corrections,
}: {
  requirements: RfpRequirement[];
  selection?: Selection;
  actions?: ReactNode;
  corrections?: Corrections;
}) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggleOpen = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const [section, setSection] = useState('all');
  const [obligation, setObligation] = useState('all');
  const shown = useMemo(
    () =>
      requirements.filter((r) => (section === 'all' || r.section === section) && (obligation === 'all' || r.must_or_should === obligation)),
    [requirements, section, obligation],
  );
  // Rows marked not a requirement get no task: they are never selected.
  const selectable = shown.filter((r) => !r.correction?.not_a_requirement);
  const shownSelected = selection ? selectable.filter((r) => selection.selected.has(r.requirement_id)).length : 0;
  const toggleAll = () => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const r of selectable) {
      if (shownSelected === selectable.length) next.delete(r.requirement_id);
      else next.add(r.requirement_id);
    }
    selection.onChange(next);
  };
  const toggle = (id: string) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    selection.onChange(next);
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={3} size="h5">
          Requirements ({shown.length} of {requirements.length})
        </Title>
        <Group gap="xs">
          <SegmentedControl size="xs" aria-label="Section" data={SECTIONS} value={section} onChange={setSection} />
          <SegmentedControl size="xs" aria-label="Must or should" data={OBLIGATIONS} value={obligation} onChange={setObligation} />
          {actions}
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
                {selection && (
                  <Table.Th w={36}>
                    <Checkbox
                      aria-label="Select all shown requirements"
                      checked={selectable.length > 0 && shownSelected === selectable.length}
                      indeterminate={shownSelected > 0 && shownSelected < selectable.length}
                      onChange={toggleAll}
                    />
                  </Table.Th>
                )}
                <Table.Th>ID</Table.Th>
                <Table.Th>Section</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Page</Table.Th>
                <Table.Th>Requirement</Table.Th>
                <Table.Th>Why</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((r) => {
                const excluded = r.correction?.not_a_requirement ?? false;
                const panelId = `why-${r.requirement_id}`;
                return (
                  <Fragment key={r.requirement_id}>
                    <Table.Tr data-testid={`requirement-row-${r.requirement_id}`} data-excluded={excluded || undefined}>
                      {selection && (
                        <Table.Td>
                          <Checkbox
                            aria-label={`Select ${r.requirement_id}`}
                            checked={!excluded && selection.selected.has(r.requirement_id)}
                            disabled={excluded}
                            onChange={() => toggle(r.requirement_id)}
                          />
                        </Table.Td>
                      )}
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm" ff="monospace">
                          {r.requirement_id}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {r.section === 'other' ? 'Other' : r.section}
                        {r.correction && <CorrectedFrom engine={r.correction.engine.section} shown={r.section} />}
                      </Table.Td>
                      <Table.Td miw={80}>
                        <Badge size="sm" variant="light" color={r.must_or_should === 'must' ? 'red' : 'blue'}>
                          {r.must_or_should}
                        </Badge>
                        {r.correction && <CorrectedFrom engine={r.correction.engine.must_or_should} shown={r.must_or_should} />}
                      </Table.Td>
                      <Table.Td>
                        {r.page ?? '—'}
                        {/* A repeat is listed once; say where else it is printed. */}
                        {r.other_pages?.length ? (
                          <Text
                            span
                            size="xs"
                            c="dimmed"
                            data-testid="requirement-other-pages"
                          >{` (also ${r.other_pages.join(', ')})`}</Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        {excluded && (
                          <Badge size="sm" variant="light" color="gray" tt="none">
                            Not a requirement
                          </Badge>
                        )}
                        <LeadIn text={r.lead_in} />
                        <Text size="sm" td={excluded ? 'line-through' : undefined} c={excluded ? 'dimmed' : undefined}>
                          {r.text}
                        </Text>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <WhyToggle
                          requirementId={r.requirement_id}
                          open={open.has(r.requirement_id)}
                          controls={panelId}
                          onToggle={() => toggleOpen(r.requirement_id)}
                        />
                      </Table.Td>
                    </Table.Tr>
                    {open.has(r.requirement_id) && (
                      <Table.Tr id={panelId}>
                        <Table.Td colSpan={selection ? 7 : 6}>
                          <BasisDetails basis={r.basis} page={r.page} correction={r.correction} />
                          {corrections && (
                            <CorrectionForm
                              key={`${r.requirement_id}:${r.correction?.corrected_at ?? 'engine'}:${String(excluded)}`}
                              requirement={r}
                              pending={corrections.pending}
                              onChange={corrections.onChange}
                            />
                          )}
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
