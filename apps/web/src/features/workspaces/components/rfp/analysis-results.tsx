import { BarChart } from '@mantine/charts';
import { Badge, Button, Card, Group, List, RingProgress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { RfpAnalysis, RfpRequirement } from '@biddesk/shared';
import { formatDate } from '@biddesk/shared';

const SECTION_LABELS: Record<string, string> = { L: 'Section L', M: 'Section M', C: 'Section C', other: 'Other' };

/** Per section, the share of its requirements the draft answers (not in the missing list), in percent. */
export function coverageBySection(requirements: RfpRequirement[], analysis: RfpAnalysis): { section: string; coverage: number }[] {
  const missing = new Set(analysis.missing_requirements.map((m) => m.requirement_id));
  const totals = new Map<string, { all: number; answered: number }>();
  for (const r of requirements) {
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

/** Results of the latest draft analysis (SPEC §2): scores, coverage by section, missing requirements and suggestions. */
export function AnalysisResults({ analysis, requirements, onRunNew }: { analysis: RfpAnalysis; requirements: RfpRequirement[]; onRunNew?: () => void }) {
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
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Title order={3} size="h5" mb="sm">
          Coverage by Section
        </Title>
        <BarChart h={220} data={bySection} dataKey="section" series={[{ name: 'coverage', label: 'Coverage %', color: 'teal.6' }]} yAxisProps={{ domain: [0, 100] }} withTooltip />
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Title order={3} size="h5" mb="sm">
          Missing Requirements ({analysis.missing_requirements.length})
        </Title>
        {analysis.missing_requirements.length === 0 ? (
          <Text size="sm" c="dimmed">
            The draft answers every requirement.
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
      <Card withBorder radius="md" padding="lg">
        <Title order={3} size="h5" mb="sm">
          Suggestions ({analysis.suggestions.length})
        </Title>
        {analysis.suggestions.length === 0 ? (
          <Text size="sm" c="dimmed">
            No suggestions.
          </Text>
        ) : (
          <List spacing="sm" aria-label="Suggestions">
            {analysis.suggestions.map((s, i) => (
              <List.Item key={`${s.requirement_id}-${i}`}>
                <Text size="sm">{s.suggestion}</Text>
                <Text size="xs" c="dimmed">
                  {s.requirement_id} · {s.location_hint}
                </Text>
              </List.Item>
            ))}
          </List>
        )}
      </Card>
    </Stack>
  );
}
