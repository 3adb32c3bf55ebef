import { Accordion, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { diffWords } from 'diff';
import type { RfpAmendment, RfpAmendmentRequirement, RfpAmendmentTask } from '@biddesk/shared';
import { plural } from '@biddesk/shared';

/** "RFP amended: 1 added, 1 changed, 1 removed — 1 task affected" (the upload toast). */
export function amendmentToast(a: RfpAmendment): string {
  return `RFP amended: ${a.counts.added} added, ${a.counts.changed} changed, ${a.counts.removed} removed — ${plural(a.counts.tasks_affected, 'task')} affected`;
}

/** The previous wording with cut words struck through, and the new wording with added words marked. */
function WordDiff({ previous, current }: { previous: string; current: string }) {
  const parts = diffWords(previous, current);
  return (
    <Stack gap={2}>
      <Text size="sm" data-testid="amendment-previous-text">
        <Text span size="xs" c="dimmed" fw={600}>
          Was:{' '}
        </Text>
        {parts
          .filter((p) => !p.added)
          .map((p, i) =>
            p.removed ? (
              <Text key={i} span td="line-through" c="var(--mantine-color-red-light-color)" bg="var(--mantine-color-red-light)">
                {p.value}
              </Text>
            ) : (
              <span key={i}>{p.value}</span>
            ),
          )}
      </Text>
      <Text size="sm" data-testid="amendment-current-text">
        <Text span size="xs" c="dimmed" fw={600}>
          Now:{' '}
        </Text>
        {parts
          .filter((p) => !p.removed)
          .map((p, i) =>
            p.added ? (
              <Text key={i} span fw={600} c="var(--mantine-color-green-light-color)" bg="var(--mantine-color-green-light)">
                {p.value}
              </Text>
            ) : (
              <span key={i}>{p.value}</span>
            ),
          )}
      </Text>
    </Stack>
  );
}

function RequirementLabel({ r }: { r: RfpAmendmentRequirement }) {
  return (
    <Group gap={6}>
      <Text size="sm" ff="monospace" fw={600}>
        {r.requirement_id}
      </Text>
      <Text size="xs" c="dimmed">
        {r.section === 'other' ? 'Other' : `Section ${r.section}`} · {r.must_or_should}
        {r.page ? ` · page ${r.page}` : ''}
      </Text>
    </Group>
  );
}

function AffectedTasks({ tasks }: { tasks: RfpAmendmentTask[] }) {
  if (!tasks.length) return null;
  return (
    <Group gap={4}>
      <IconAlertTriangle size={14} color="var(--mantine-color-orange-7)" aria-hidden />
      {tasks.map((t) => (
        <Badge key={t.id} size="sm" variant="light" color="orange" tt="none">
          Task: {t.title}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * What an RFP amendment changed (issue 13 item 4): counts, then the reworded requirements with the
 * old and new wording word by word, the new ones and the removed ones, each with the board tasks
 * it flagged. Matched by content, so a requirement that only moved or was renumbered is not listed.
 */
export function AmendmentDiff({ amendment: a }: { amendment: RfpAmendment }) {
  const sections = (['changed', 'added', 'removed'] as const).filter((kind) => a.counts[kind] > 0);

  return (
    <Card withBorder radius="md" padding="lg" data-testid="rfp-amendment">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={3} size="h5">
          Amendment: version {a.version} against version {a.previous_version}
        </Title>
        <Group gap={6} data-testid="amendment-counts">
          <Badge color="green" variant="light">
            {a.counts.added} added
          </Badge>
          <Badge color="yellow" variant="light">
            {a.counts.changed} changed
          </Badge>
          <Badge color="red" variant="light">
            {a.counts.removed} removed
          </Badge>
          <Badge color="gray" variant="light">
            {a.counts.unchanged} unchanged
          </Badge>
          <Badge color="orange" variant={a.counts.tasks_affected ? 'filled' : 'light'}>
            {plural(a.counts.tasks_affected, 'task')} affected
          </Badge>
        </Group>
      </Group>
      {sections.length === 0 ? (
        <Text size="sm" c="dimmed">
          No requirement changed: the {plural(a.counts.unchanged, 'requirement')} {a.counts.unchanged === 1 ? 'is' : 'are'} the same as in
          version {a.previous_version}.
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="xs">
            Requirements are matched by their text, so one that only moved or was renumbered counts as unchanged. Tasks tied to a changed or
            removed requirement are flagged on the board until someone confirms them.
          </Text>
          <Accordion multiple defaultValue={[...sections]} variant="separated">
            {a.counts.changed > 0 && (
              <Accordion.Item value="changed">
                <Accordion.Control>Changed ({a.counts.changed})</Accordion.Control>
                <Accordion.Panel>
                  <Stack gap="sm">
                    {a.changed.map((c) => (
                      <Stack key={`${c.previous.requirement_id}>${c.current.requirement_id}`} gap={4} data-testid="amendment-changed">
                        <Group gap={6}>
                          {c.previous.requirement_id !== c.current.requirement_id && (
                            <Text size="sm" ff="monospace" c="dimmed">
                              {c.previous.requirement_id} →
                            </Text>
                          )}
                          <RequirementLabel r={c.current} />
                        </Group>
                        <WordDiff previous={c.previous.text} current={c.current.text} />
                        <AffectedTasks tasks={c.tasks} />
                      </Stack>
                    ))}
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            )}
            {a.counts.added > 0 && (
              <Accordion.Item value="added">
                <Accordion.Control>Added ({a.counts.added})</Accordion.Control>
                <Accordion.Panel>
                  <Stack gap="sm">
                    {a.added.map((r) => (
                      <Stack key={r.requirement_id} gap={2} data-testid="amendment-added">
                        <RequirementLabel r={r} />
                        <Text size="sm">{r.text}</Text>
                      </Stack>
                    ))}
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            )}
            {a.counts.removed > 0 && (
              <Accordion.Item value="removed">
                <Accordion.Control>Removed ({a.counts.removed})</Accordion.Control>
                <Accordion.Panel>
                  <Stack gap="sm">
                    {a.removed.map((r) => (
                      <Stack key={r.requirement_id} gap={2} data-testid="amendment-removed">
                        <RequirementLabel r={r} />
                        <Text size="sm" td="line-through" c="dimmed">
                          {r.text}
                        </Text>
                        <AffectedTasks tasks={r.tasks} />
                      </Stack>
                    ))}
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            )}
          </Accordion>
        </>
      )}
    </Card>
  );
}
