import { Alert, Center, Group, List, Loader, Paper, Select, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { RADAR_SORTS, type RadarSort } from '@biddesk/shared';
import { useMediaQuery } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-context';
import { Pager } from '../../../components/ui/pager';
import { formatDay } from '../../../lib/display-format';
import { useRadar } from '../api/radar-api';
import { readRadarState, writeRadarState, type RadarState } from '../url-state';
import { RadarCards } from './radar-cards';
import { RadarFilters } from './radar-filters';
import { RadarTable } from './radar-table';
import { RadarSearchesMenu } from './radar-searches-menu';
import { SaveRadarSearch } from './save-radar-search';

const SORT_LABELS: Record<RadarSort, string> = {
  end_date: 'End date',
  potential_end_date: 'Potential end date',
  obligated: 'Obligated',
  ceiling: 'Ceiling',
};
const PAGE_SIZE = 50;

/**
 * /radar (issue 27 item 4): awards ending 6–18 months out in the team's NAICS, PSC and agencies,
 * with the reasons each may be winnable, and Track. Guests never see it (the server refuses them too).
 */
export function RadarRoute() {
  const { user } = useSession();
  if (!user || user.is_guest) {
    return (
      <Alert color="red" icon={<IconLock size={18} />} title="Access Denied">
        The recompete radar is for this company&apos;s own users. Guest accounts see only the workspaces they were invited to.
      </Alert>
    );
  }
  return <Radar />;
}

function Radar() {
  const [params, setParams] = useSearchParams();
  const state = readRadarState(params);
  const radar = useRadar(state);
  // A phone gets cards: a wide table scrolled sideways hides the signals and Track.
  const narrow = useMediaQuery('(max-width: 48em)');
  const update = (patch: Partial<RadarState>) => setParams(writeRadarState({ ...state, ...patch }));
  const body = radar.data;
  const totalPages = body ? Math.max(1, Math.ceil(body.total / PAGE_SIZE)) : 1;

  return (
    <>
      <PageHeader
        title="Recompete radar"
        description="Awards whose current end date falls in the window, with the signals that may make the incumbent beatable. Each signal says what it is read from."
        actions={
          <Group gap="sm">
            <RadarSearchesMenu />
            <SaveRadarSearch state={state} />
          </Group>
        }
      />
      <Paper withBorder p="md" mb="md">
        <RadarFilters value={state} onApply={(c) => update({ ...c, page: 1 })} />
      </Paper>
      {radar.isError && (
        <Alert color="red" title="The radar could not be loaded" mb="md">
          {errorMessage(radar.error, 'Failed to load the radar')}
        </Alert>
      )}
      {radar.isPending && (
        <Center py="xl">
          <Loader aria-label="Loading the radar" />
        </Center>
      )}
      {body && (
        <>
          <Group justify="space-between" mb="sm" wrap="wrap">
            <Text size="sm" role="status">
              {body.total_capped ? `More than ${body.total.toLocaleString('en-US')}` : body.total.toLocaleString('en-US')}{' '}
              {body.total === 1 ? 'award ends' : 'awards end'} between {formatDay(body.window.from)} and {formatDay(body.window.to)}
            </Text>
            <Group gap="xs">
              <Select
                label="Sort by"
                size="xs"
                w={170}
                allowDeselect={false}
                data={RADAR_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
                value={state.sort}
                onChange={(v) => v && update({ sort: v as RadarSort, page: 1 })}
              />
              <Select
                label="Order"
                size="xs"
                w={130}
                allowDeselect={false}
                data={[
                  { value: 'asc', label: 'Ascending' },
                  { value: 'desc', label: 'Descending' },
                ]}
                value={state.order}
                onChange={(v) => v && update({ order: v as 'asc' | 'desc', page: 1 })}
              />
            </Group>
          </Group>
          {body.data.length === 0 ? (
            <Text c="dimmed" py="lg">
              No award in the data ends in this window with these filters.
            </Text>
          ) : narrow ? (
            <RadarCards rows={body.data} />
          ) : (
            <RadarTable rows={body.data} />
          )}
          <Pager page={state.page} totalPages={totalPages} onChange={(page) => update({ page })} />
          <List size="xs" c="dimmed" mt="md" aria-label="How to read the radar">
            {body.caveats.map((c) => (
              <List.Item key={c}>{c}</List.Item>
            ))}
          </List>
        </>
      )}
    </>
  );
}
