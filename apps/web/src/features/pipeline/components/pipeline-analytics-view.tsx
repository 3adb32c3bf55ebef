import { Alert, Center, Group, Loader, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { PipelineAnalytics, WinRateRow } from '@biddesk/shared';
import { errorMessage } from '../../../lib/api-client';
import { usePipelineAnalytics } from '../api/pipeline-gates-api';
import { formatMoney } from '../../../lib/display-format';

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const monthLabel = (m: string | null) => (m === null ? 'No award date' : MONTH.format(new Date(`${m}-01T00:00:00Z`)));

/** A bar for a share 0-1, drawn beside the number it shows (decorative: the number is the content). */
function Bar({ share, color = 'var(--mantine-color-blue-6)' }: { share: number; color?: string }) {
  return (
    <div aria-hidden style={{ background: 'var(--mantine-color-gray-2)', height: 8, borderRadius: 4, minWidth: 60 }}>
      <div style={{ width: `${Math.max(0, Math.min(1, share)) * 100}%`, background: color, height: 8, borderRadius: 4 }} />
    </div>
  );
}

/**
 * /pipeline → Analytics (issue 26 item 4): the funnel, weighted value by expected award month,
 * win rates by agency and NAICS, and p(win) calibration once 10 won/lost outcomes exist. Over the
 * whole pipeline (the filters apply to the board and table only).
 */
export function PipelineAnalyticsView() {
  const q = usePipelineAnalytics(true);
  if (q.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (q.isError) return <Alert color="red">{errorMessage(q.error, 'Failed to load the analytics')}</Alert>;
  const a = q.data;
  return (
    <Stack gap="xl" data-testid="pipeline-analytics">
      <Text size="sm" c="dimmed">
        Over the whole pipeline: the board's filters do not apply here.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Funnel funnel={a.funnel} />
        <ByMonth rows={a.by_month} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <WinRates title="Win rate by agency" keyLabel="Agency" rows={a.win_rate.by_agency} />
        <WinRates title="Win rate by NAICS" keyLabel="NAICS" rows={a.win_rate.by_naics} />
      </SimpleGrid>
      <Calibration c={a.calibration} />
    </Stack>
  );
}

function Funnel({ funnel }: { funnel: PipelineAnalytics['funnel'] }) {
  const max = Math.max(1, ...funnel.map((f) => f.entered));
  return (
    <section aria-labelledby="funnel-title">
      <Title order={2} size="h4" id="funnel-title" mb="xs">
        Funnel
      </Title>
      <Table.ScrollContainer minWidth={320}>
        <Table fz="sm" data-testid="analytics-funnel">
          <Table.Caption>Pursuits that ever entered each stage, and those in it now</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Stage</Table.Th>
              <Table.Th ta="right">Entered</Table.Th>
              <Table.Th ta="right">Now</Table.Th>
              <Table.Th w="35%">
                <VisuallyHidden>Share</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {funnel.map((f) => (
              <Table.Tr key={f.stage_id}>
                <Table.Td>{f.name}</Table.Td>
                <Table.Td ta="right">{f.entered}</Table.Td>
                <Table.Td ta="right">{f.current}</Table.Td>
                <Table.Td>
                  <Bar share={f.entered / max} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}

function ByMonth({ rows }: { rows: PipelineAnalytics['by_month'] }) {
  return (
    <section aria-labelledby="by-month-title">
      <Title order={2} size="h4" id="by-month-title" mb="xs">
        Weighted value by expected award month
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No open pursuits.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table fz="sm" data-testid="analytics-by-month">
            <Table.Caption>Open pursuits only; those without a value or p(win) are counted as not valued</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Month</Table.Th>
                <Table.Th ta="right">Pursuits</Table.Th>
                <Table.Th ta="right">Weighted</Table.Th>
                <Table.Th ta="right">Not valued</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.month ?? 'none'}>
                  <Table.Td>{monthLabel(r.month)}</Table.Td>
                  <Table.Td ta="right">{r.count}</Table.Td>
                  <Table.Td ta="right">{formatMoney(r.weighted_value)}</Table.Td>
                  <Table.Td ta="right">{r.unvalued}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}

function WinRates({ title, keyLabel, rows }: { title: string; keyLabel: string; rows: WinRateRow[] }) {
  const id = `win-${keyLabel.toLowerCase()}`;
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="xs">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No outcomes recorded yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table fz="sm" data-testid={`analytics-${id}`}>
            <Table.Caption>Win rate = won ÷ (won + lost); no bids are shown apart</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{keyLabel}</Table.Th>
                <Table.Th ta="right">Won</Table.Th>
                <Table.Th ta="right">Lost</Table.Th>
                <Table.Th ta="right">No bid</Table.Th>
                <Table.Th ta="right">Win rate</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.slice(0, 15).map((r) => (
                <Table.Tr key={r.key}>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{r.key}</Table.Td>
                  <Table.Td ta="right">{r.won}</Table.Td>
                  <Table.Td ta="right">{r.lost}</Table.Td>
                  <Table.Td ta="right">{r.no_bid}</Table.Td>
                  <Table.Td ta="right">{r.win_rate === null ? '—' : `${r.win_rate}%`}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}

function Calibration({ c }: { c: PipelineAnalytics['calibration'] }) {
  return (
    <section aria-labelledby="calibration-title">
      <Title order={2} size="h4" id="calibration-title" mb="xs">
        p(win) calibration
      </Title>
      {c.brier === null ? (
        <Text size="sm" data-testid="calibration-pending">
          {c.outcomes} of {c.needed} won or lost outcomes with a p(win) recorded: calibration is shown from {c.needed} on.
        </Text>
      ) : (
        <Stack gap="xs">
          <Group gap="md">
            <Text size="sm" fw={600} data-testid="brier-score">
              Brier score {c.brier.toFixed(3)}
            </Text>
            <Text size="sm" c="dimmed">
              over {c.outcomes} outcomes; 0 is perfect, 0.25 is what always saying 50% scores.
            </Text>
          </Group>
          <Table.ScrollContainer minWidth={340}>
            <Table fz="sm" data-testid="calibration-table" maw={720}>
              <Table.Caption>
                Are our 70% pursuits won 70% of the time? Forecast (mean p(win)) against how often they were won
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>p(win)</Table.Th>
                  <Table.Th ta="right">Pursuits</Table.Th>
                  <Table.Th ta="right">Forecast</Table.Th>
                  <Table.Th ta="right">Won</Table.Th>
                  <Table.Th w="30%">
                    <VisuallyHidden>Forecast and observed</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {c.buckets
                  .filter((b) => b.count > 0)
                  .map((b) => (
                    <Table.Tr key={b.from}>
                      <Table.Td>
                        {b.from}–{b.to}%
                      </Table.Td>
                      <Table.Td ta="right">{b.count}</Table.Td>
                      <Table.Td ta="right">{b.mean_p_win}%</Table.Td>
                      <Table.Td ta="right">
                        {b.win_rate}% ({b.won})
                      </Table.Td>
                      <Table.Td>
                        <Stack gap={2}>
                          <Bar share={(b.mean_p_win ?? 0) / 100} color="var(--mantine-color-gray-6)" />
                          <Bar share={(b.win_rate ?? 0) / 100} />
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="xs" c="dimmed">
            Bars: grey = forecast, blue = won. Buckets with no outcomes are left out.
          </Text>
        </Stack>
      )}
    </section>
  );
}
