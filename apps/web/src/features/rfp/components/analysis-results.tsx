import { BarChart } from '@mantine/charts';
import { Badge, Button, Card, Group, List, Paper, RingProgress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { RfpAnalysis, RfpConflict, RfpFormatCheck, RfpRequirement, RfpSeparateRequirement } from '@biddesk/shared';
import { RFP_REQUIREMENT_STATUSES, RFP_REQUIREMENT_STATUS_LABELS, formatDate, requirementStatus } from '@biddesk/shared';

const SECTION_LABELS: Record<string, string> = { L: 'Section L', M: 'Section M', C: 'Section C', other: 'Other' };

/**
 * Per section, the share of its content requirements the draft answers (not missing, not in
 * conflict), in percent. Logistics, format, clause and evaluation-method rows are reported apart
 * and left out, as the coverage score leaves them out.
 */
export function coverageBySection(requirements: RfpRequirement[], analysis: RfpAnalysis): { section: string; coverage: number }[] {
  const missing = new Set([...analysis.missing_requirements, ...(analysis.conflicts ?? [])].map((m) => m.requirement_id));
  const apart = new Set((analysis.reported_separately ?? []).map((r) => r.requirement_id));
  const totals = new Map<string, { all: number; answered: number }>();
  for (const r of requirements) {
    if (apart.has(r.requirement_id)) continue;
    const t = totals.get(r.section) ?? { all: 0, answered: 0 };
    t.all += 1;
    if (!missing.has(r.requirement_id)) t.answered += 1;
    totals.set(r.section, t);
  }
  return ['L', 'M', 'C', 'other']
    .filter((s) => totals.has(s))
    .map((s) => ({ section: SECTION_LABELS[s]!, coverage: Math.round((totals.get(s)!.answered / totals.get(s)!.all) * 100) }));
}

function Score({ label, value, suffix }: { label: string; value: number; suffix: string }) {
  const color = value >= 70 ? 'teal' : value >= 40 ? 'yellow' : 'red';
  return (
    <Stack align="center" gap={4}>
      <RingProgress
        size={110}
        thickness={10}
        roundCaps
        sections={[{ value: Math.max(0, Math.min(100, value)), color }]}
        label={
          <Text ta="center" fw={700} size="lg">
            {value}
            {suffix}
          </Text>
        }
      />
      <Text size="sm" fw={500}>
        {label}
      </Text>
    </Stack>
  );
}

const SEPARATE_GROUPS: Array<{ kind: RfpSeparateRequirement['kind']; title: string }> = [
  { kind: 'logistics', title: 'Submission logistics' },
  { kind: 'format', title: 'Document format' },
  { kind: 'clause', title: 'Contract clauses' },
  { kind: 'evaluation', title: 'Evaluation method' },
];

const CHECK_LABELS: Record<RfpFormatCheck['check'], string> = {
  page_limit: 'Page limit',
  font_size: 'Font size',
  font_family: 'Font family',
  volume: 'Required volume',
};
const CHECK_STATUS: Record<RfpFormatCheck['status'], { label: string; color: string }> = {
  failed: { label: 'Failed', color: 'red' },
  passed: { label: 'Passed', color: 'teal' },
  not_checked: { label: 'Not checked', color: 'gray' },
};

const RULE_LABELS: Record<string, string> = {
  prohibited: 'Prohibited',
  limit: 'Limit',
  contrary: 'Opposite quality',
  'one-time': 'Required throughout',
  substitute: 'Required attendance',
  replaced: 'Named platform replaced',
  referenced: 'Cites a conflicted paragraph',
};

/** The requirement's clause and the draft's sentence side by side, with the rule that ties them. */
function Finding({ c, color }: { c: RfpConflict; color: string }) {
  return (
    <List.Item>
      <Group gap="xs" mb={4}>
        <Badge size="sm" color={color}>
          {c.requirement_id}
        </Badge>
        <Badge size="sm" variant="light" color="gray">
          {SECTION_LABELS[c.section] ?? c.section}
        </Badge>
        <Badge size="sm" variant="outline" color="gray">
          Rule: {RULE_LABELS[c.rule] ?? c.rule}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xs">
        <Paper withBorder p="xs" radius="sm">
          <Text size="xs" fw={600} c="dimmed">
            Solicitation
          </Text>
          <Text size="sm">{c.clause ?? c.text}</Text>
        </Paper>
        <Paper withBorder p="xs" radius="sm">
          <Text size="xs" fw={600} c="dimmed">
            Draft · {c.location_hint}
          </Text>
          <Text size="sm">“{c.passage}”</Text>
        </Paper>
      </SimpleGrid>
      <Text size="sm" mt={4}>
        {c.reason}
      </Text>
    </List.Item>
  );
}

/** Requirements the draft contradicts: listed first and in red, because they are worse than missing. */
function Conflicts({ analysis }: { analysis: RfpAnalysis }) {
  const conflicts = analysis.conflicts ?? [];
  if (!conflicts.length) return null;
  return (
    <Card withBorder radius="md" padding="lg" style={{ borderColor: 'var(--mantine-color-red-6)' }}>
      <Title order={3} size="h5" mb={4} c="red">
        Conflicts ({conflicts.length})
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        The draft contradicts these requirements. Evaluators can rate that non-compliant, which is worse than leaving them out.
      </Text>
      <List spacing="md" aria-label="Conflicts" listStyleType="none">
        {conflicts.map((c) => (
          <Finding key={c.requirement_id} c={c} color="red" />
        ))}
      </List>
    </Card>
  );
}

/** Possible contradictions the rules are less sure of: for a reviewer, not counted against the draft. */
function Checks({ analysis }: { analysis: RfpAnalysis }) {
  const checks = analysis.checks ?? [];
  if (!checks.length) return null;
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h5" mb={4}>
        To Check ({checks.length})
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        These may contradict the solicitation. A reviewer should read both sides; they are not counted against the draft.
      </Text>
      <List spacing="md" aria-label="Checks" listStyleType="none">
        {checks.map((c) => (
          <Finding key={c.requirement_id} c={c} color="orange" />
        ))}
      </List>
    </Card>
  );
}

// The top gaps shown before "Show all".
const TOP_GAPS = 10;

/** The ranked gaps (one per requirement): the first few, the rest on request. */
function TopGaps({ analysis }: { analysis: RfpAnalysis }) {
  const [all, setAll] = useState(false);
  const list = all ? analysis.suggestions : analysis.suggestions.slice(0, TOP_GAPS);
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h5" mb="sm">
        Suggestions ({analysis.suggestions.length})
      </Title>
      {analysis.suggestions.length === 0 ? (
        <Text size="sm" c="dimmed">
          No suggestions.
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="sm">
            One per gap, evaluation factors and musts first.
          </Text>
          <List spacing="sm" aria-label="Suggestions" type="ordered">
            {list.map((s, i) => (
              <List.Item key={`${s.requirement_id}-${i}`}>
                <Text size="sm">{s.suggestion}</Text>
                <Text size="xs" c="dimmed">
                  {s.requirement_id} · {s.location_hint}
                </Text>
              </List.Item>
            ))}
          </List>
          {analysis.suggestions.length > TOP_GAPS && (
            <Button variant="subtle" size="xs" mt="xs" onClick={() => setAll((v) => !v)}>
              {all ? 'Show the top ten' : `Show all ${analysis.suggestions.length}`}
            </Button>
          )}
        </>
      )}
    </Card>
  );
}

/** How many requirements have each status (the one status the matrix shows too). */
function StatusCounts({ analysis, requirements }: { analysis: RfpAnalysis; requirements: RfpRequirement[] }) {
  const counts = new Map<string, number>();
  const source = {
    ...analysis,
    conflicts: [...(analysis.conflicts ?? []), ...(analysis.checks ?? []).map((c) => ({ ...c, severity: 'check' as const }))],
  };
  for (const r of requirements) {
    const s = requirementStatus(source, r.requirement_id);
    counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  return (
    <Text size="sm" c="dimmed" mt="sm" data-testid="status-counts">
      {RFP_REQUIREMENT_STATUSES.filter((s) => counts.get(s))
        .map(
          (s) =>
            `${counts.get(s)} ${RFP_REQUIREMENT_STATUS_LABELS[s].toLowerCase()}${(s === 'conflict' || s === 'check') && counts.get(s)! > 1 ? 's' : ''}`,
        )
        .join(' · ')}
    </Text>
  );
}

/** Section L format rules checked on the draft itself. */
function FormatChecks({ analysis }: { analysis: RfpAnalysis }) {
  const checks = analysis.format_checks ?? [];
  if (!checks.length) return null;
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h5" mb="sm">
        Format Checks ({checks.filter((c) => c.status === 'failed').length} failed)
      </Title>
      <List spacing="xs" aria-label="Format checks">
        {checks.map((c, i) => (
          <List.Item key={`${c.requirement_id}-${c.check}-${i}`}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Badge size="sm" color={CHECK_STATUS[c.status].color} style={{ flexShrink: 0 }}>
                {CHECK_STATUS[c.status].label}
              </Badge>
              <Text size="sm">
                {CHECK_LABELS[c.check]}: {c.expected}; the draft has {c.found}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {c.requirement_id} · {c.location_hint}
            </Text>
          </List.Item>
        ))}
      </List>
    </Card>
  );
}

/** Logistics, format, clause and evaluation-method requirements: not answered by a narrative, not counted as missing. */
function ReportedSeparately({ analysis }: { analysis: RfpAnalysis }) {
  const rows = analysis.reported_separately ?? [];
  if (!rows.length) return null;
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h5" mb={4}>
        Reported Separately ({rows.length})
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Where and when to submit, document format, contract clauses and how the Government evaluates: check these yourself. They are not
        counted in coverage.
      </Text>
      <Stack gap="sm">
        {SEPARATE_GROUPS.filter((g) => rows.some((r) => r.kind === g.kind)).map((g) => (
          <div key={g.kind}>
            <Text size="sm" fw={600} mb={4}>
              {g.title}
            </Text>
            <List spacing={4} aria-label={g.title}>
              {rows
                .filter((r) => r.kind === g.kind)
                .map((r) => (
                  <List.Item key={r.requirement_id}>
                    <Group gap="xs" wrap="nowrap" align="flex-start">
                      <Badge size="sm" variant="outline" color="gray" style={{ flexShrink: 0 }}>
                        {r.requirement_id}
                      </Badge>
                      <Text size="sm">{r.text}</Text>
                    </Group>
                  </List.Item>
                ))}
            </List>
          </div>
        ))}
      </Stack>
    </Card>
  );
}

/**
 * Results of the latest draft analysis (SPEC §2), top-down as a proposal manager acts on them:
 * scores, conflicts (worse than missing), checks for a reviewer, format checks, the ranked gaps,
 * then coverage by section, the missing list and the requirements reported apart from coverage.
 */
export function AnalysisResults({
  analysis,
  requirements,
  onRunNew,
}: {
  analysis: RfpAnalysis;
  requirements: RfpRequirement[];
  onRunNew?: () => void;
}) {
  const bySection = coverageBySection(requirements, analysis);
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" mb="md">
          <div>
            <Title order={3} size="h5">
              Analysis Results
            </Title>
            <Text size="xs" c="dimmed">
              {analysis.draft_file_name} · {formatDate(analysis.created_at)}
            </Text>
          </div>
          {onRunNew && (
            <Button variant="light" onClick={onRunNew}>
              Run New Analysis
            </Button>
          )}
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Score label="Fit Score (out of 100)" value={analysis.fit_score} suffix="" />
          <Score label="Coverage" value={analysis.coverage_score} suffix="%" />
          <Score label="Evidence" value={analysis.evidence_score} suffix="%" />
          <Score label="Language Match" value={analysis.language_match_score} suffix="%" />
        </SimpleGrid>
        <StatusCounts analysis={analysis} requirements={requirements} />
      </Card>
      <Conflicts analysis={analysis} />
      <Checks analysis={analysis} />
      <FormatChecks analysis={analysis} />
      <TopGaps analysis={analysis} />
      <Card withBorder radius="md" padding="lg">
        <Title order={3} size="h5" mb="sm">
          Coverage by Section
        </Title>
        <BarChart
          h={220}
          data={bySection}
          dataKey="section"
          series={[{ name: 'coverage', label: 'Coverage %', color: 'teal.6' }]}
          yAxisProps={{ domain: [0, 100] }}
          withTooltip
        />
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Title order={3} size="h5" mb="sm">
          Missing Requirements ({analysis.missing_requirements.length})
        </Title>
        {analysis.missing_requirements.length === 0 ? (
          <Text size="sm" c="dimmed">
            {analysis.conflicts?.length ? 'Nothing else is missing.' : 'The draft answers every requirement.'}
          </Text>
        ) : (
          <List spacing="xs" aria-label="Missing requirements">
            {analysis.missing_requirements.map((m) => (
              <List.Item key={m.requirement_id}>
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Badge size="sm" variant="outline" style={{ flexShrink: 0 }}>
                    {m.requirement_id}
                  </Badge>
                  <Badge size="sm" variant="light" color="gray" style={{ flexShrink: 0 }}>
                    {SECTION_LABELS[m.section] ?? m.section}
                  </Badge>
                  <Text size="sm">{m.text}</Text>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </Card>
      <ReportedSeparately analysis={analysis} />
    </Stack>
  );
}
