import { Alert, Button, Center, Drawer, Group, Loader, SegmentedControl, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { canPipeline, gatesPassed, pipelineCaller, type PipelineStage, type PursuitListItem as Pursuit } from '@biddesk/shared';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { Pager } from '../../components/ui/pager';
import { useMovePursuit, useOpenPursuitWorkspace, usePipelineOwners, usePursuits } from '../../features/pipeline/api/pursuits-api';
import { DecisionHistory } from '../../features/pipeline/components/decision-history';
import { GateFactorEditor } from '../../features/pipeline/components/gate-factor-editor';
import { GateReviewDialog } from '../../features/pipeline/components/gate-review-dialog';
import { OutcomeDialog } from '../../features/pipeline/components/outcome-dialog';
import { PipelineAnalyticsView } from '../../features/pipeline/components/pipeline-analytics-view';
import { COLUMN_PREVIEW, PipelineBoard } from '../../features/pipeline/components/pipeline-board';
import { PipelineFilters } from '../../features/pipeline/components/pipeline-filters';
import { PipelineTable } from '../../features/pipeline/components/pipeline-table';
import { TABLE_PAGE_SIZE, usePursuitTablePage } from '../../features/pipeline/api/pipeline-csv-api';
import { PipelineCsv } from '../../features/pipeline/components/pipeline-csv';
import { PursuitEditor } from '../../features/pipeline/components/pursuit-editor';
import { StageEditor } from '../../features/pipeline/components/stage-editor';
import { formatMoney } from '../../lib/display-format';
import { readPipelineState, writePipelineState, type PipelineState } from '../../features/pipeline/url-state';
import { toast } from '../../lib/toast';

/**
 * /pipeline (issue 26, beyond SPEC): the company's pursuits as a board by stage or a dense table,
 * filtered and sorted through the URL, with totals and weighted totals per stage. Guests never see
 * it (the server refuses them too).
 */
export function PipelineRoute() {
  const { user } = useSession();
  if (!user || user.is_guest) {
    return (
      <Alert color="red" icon={<IconLock size={18} />} title="Access Denied">
        The pipeline is for this company&apos;s own users. Guest accounts see only the workspaces they were invited to.
      </Alert>
    );
  }
  return <Pipeline userId={user.id} caller={pipelineCaller(user)} />;
}

function Pipeline({ userId, caller }: { userId: string; caller: ReturnType<typeof pipelineCaller> }) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readPipelineState(params), [params]);
  const update = (patch: Partial<PipelineState>) => setParams(writePipelineState({ ...state, ...patch }));
  // The board asks for its first cards a column (the slow part of a big pipeline is sending it
  // all; Show all loads every pursuit); the table asks the server for one sorted page.
  const [allCards, setAllCards] = useState(false);
  const board = usePursuits(state.filters, allCards ? undefined : COLUMN_PREVIEW, state.view === 'board');
  const tablePage = usePursuitTablePage(state.filters, state.sort, state.order, state.page, state.view === 'table');
  const list = state.view === 'table' ? tablePage : board;
  const owners = usePipelineOwners();
  const move = useMovePursuit();
  const openWorkspace = useOpenPursuitWorkspace();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<Pursuit | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [editingStages, setEditingStages] = useState(false);
  const [editingRubric, setEditingRubric] = useState(false);
  const [gateFor, setGateFor] = useState<{ pursuit: Pursuit; gates: PipelineStage[]; moveTo: PipelineStage | null } | null>(null);
  const [outcomeFor, setOutcomeFor] = useState<{ pursuit: Pursuit; target: PipelineStage } | null>(null);
  const [historyOf, setHistoryOf] = useState<Pursuit | null>(null);

  const stages = useMemo(() => list.data?.stages ?? [], [list.data]);
  const canChange = (p: Pursuit) => canPipeline(caller, 'pursuit.move', { actorId: userId, ownerId: p.owner?.id ?? null });
  const opensAt = stages.find((s) => s.opens_workspace)?.position ?? Infinity;
  const canOpenWorkspace = (p: Pursuit) => {
    const stage = stages.find((s) => s.id === p.stage_id);
    // As on the server: from the stage that opens it on, or at a gate that needs the RFP analysed.
    const reached = stage && (stage.position >= opensAt || stage.gate_evidence?.includes('rfp_requirements'));
    return Boolean(
      p.opportunity_id &&
      stage &&
      stage.outcome === null &&
      reached &&
      canPipeline(caller, 'pursuit.createWorkspace', { actorId: userId, ownerId: p.owner?.id ?? null }),
    );
  };
  // A closing stage asks for the outcome; a move the server refuses for a missing Go opens the gate
  // review of the first gate it passes without one (the server decides, the dialog follows).
  const onMove = (p: Pursuit, stageId: string) => {
    const target = stages.find((s) => s.id === stageId);
    if (!target) return;
    if (target.outcome) return setOutcomeFor({ pursuit: p, target });
    move.mutate(
      { pursuit: p, stageId },
      {
        onSuccess: () => setAnnouncement(`Moved ${p.title} to ${target.name}`),
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'GATE_REQUIRED') {
            setAnnouncement(`${target.name} is past a gate: the gate review opened`);
            return setGateFor({ pursuit: p, gates: gatesPassed(stages, p.stage_id, stageId), moveTo: target });
          }
          toast.error('Failed to move the pursuit', error);
        },
      },
    );
  };
  /** The gate review of the next gate at or after the pursuit's stage, without a move. */
  const onGateReview = (p: Pursuit) => {
    const at = stages.find((s) => s.id === p.stage_id)?.position ?? 0;
    const next = stages.find((s) => s.gate_evidence !== null && s.outcome === null && s.position >= at);
    if (next) setGateFor({ pursuit: p, gates: [next], moveTo: null });
    else toast.neutral('No gate ahead of this pursuit');
  };
  const onRecordOutcome = (p: Pursuit) => {
    const current = stages.find((s) => s.id === p.stage_id);
    const target = current?.outcome ? current : (stages.find((s) => s.outcome === 'no_bid') ?? stages.find((s) => s.outcome));
    if (target) setOutcomeFor({ pursuit: p, target });
  };
  const onWorkspace = (p: Pursuit) =>
    openWorkspace.mutate(p.id, {
      onSuccess: (r) => void navigate(`/workspace/${r.workspace_id}`),
      onError: (error) => toast.error('Failed to create the workspace', error),
    });

  // The server answers the last page for a page past it, and says which it served.
  const served = tablePage.data?.page;
  const totalPages = Math.max(1, Math.ceil((served?.total ?? 0) / TABLE_PAGE_SIZE));
  const page = served?.page ?? state.page;
  const all = list.data?.totals.reduce(
    (a, t) => ({ count: a.count + t.count, value: a.value + t.total_value, weighted: a.weighted + t.weighted_value }),
    { count: 0, value: 0, weighted: 0 },
  );

  return (
    <>
      <PageHeader
        title="Pipeline"
        description="Every opportunity the company is pursuing, by stage; leaving a gate stage needs a recorded Go. Weighted value = value × p(win) × p(go)."
        actions={
          <Group gap="sm">
            <PipelineCsv filters={state.filters} />
            {canPipeline(caller, 'pipeline.configureStages') && (
              <Button variant="default" onClick={() => setEditingStages(true)} disabled={stages.length === 0}>
                Stages
              </Button>
            )}
            {canPipeline(caller, 'pipeline.configureGates') && (
              <Button variant="default" onClick={() => setEditingRubric(true)}>
                Gate rubric
              </Button>
            )}
            <SegmentedControl
              aria-label="View"
              value={state.view}
              onChange={(v) => update({ view: v as PipelineState['view'], page: 1 })}
              data={[
                { value: 'board', label: 'Board' },
                { value: 'table', label: 'Table' },
                { value: 'analytics', label: 'Analytics' },
              ]}
            />
          </Group>
        }
      />
      {state.view !== 'analytics' && (
        <PipelineFilters
          filters={state.filters}
          stages={stages}
          owners={owners.data ?? []}
          onChange={(filters) => update({ filters, page: 1 })}
        />
      )}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      {state.view === 'analytics' ? (
        <PipelineAnalyticsView />
      ) : list.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : list.isError ? (
        <Alert color="red">{errorMessage(list.error, 'Failed to load the pipeline')}</Alert>
      ) : (
        <>
          <Text size="sm" mb="sm" data-testid="pipeline-summary">
            {all!.count} {all!.count === 1 ? 'pursuit' : 'pursuits'} · {formatMoney(all!.value)} · weighted {formatMoney(all!.weighted)}
          </Text>
          {list.data.data.length === 0 && (
            <Alert color="gray" variant="light" mb="md">
              {Object.values(state.filters).some(Boolean)
                ? 'No pursuits match these filters.'
                : 'Nothing in the pipeline yet. Use Track on an opportunity to add it.'}
            </Alert>
          )}
          {state.view === 'board' ? (
            <PipelineBoard
              stages={stages}
              pursuits={list.data.data}
              totals={list.data.totals}
              canChange={canChange}
              canOpenWorkspace={canOpenWorkspace}
              onMove={onMove}
              onEdit={setEditing}
              onHistory={setHistoryOf}
              onWorkspace={onWorkspace}
              onShowAll={() => setAllCards(true)}
            />
          ) : (
            <>
              <StageTotalsTable data={list.data} />
              <PipelineTable
                rows={list.data.data}
                stages={stages}
                sort={state.sort}
                order={state.order}
                onSort={(s) => update({ sort: s, order: s === state.sort && state.order === 'asc' ? 'desc' : 'asc', page: 1 })}
                canChange={canChange}
                onEdit={setEditing}
              />
              <Pager page={page} totalPages={totalPages} onChange={(p) => update({ page: p })} />
            </>
          )}
        </>
      )}
      <StageEditor opened={editingStages} stages={stages} onClose={() => setEditingStages(false)} />
      <GateFactorEditor opened={editingRubric} onClose={() => setEditingRubric(false)} />
      <PursuitEditor
        pursuit={editing}
        owners={owners.data ?? []}
        onClose={() => setEditing(null)}
        onGateReview={(p) => {
          setEditing(null);
          onGateReview(p);
        }}
        onRecordOutcome={(p) => {
          setEditing(null);
          onRecordOutcome(p);
        }}
      />
      <GateReviewDialog
        pursuit={gateFor?.pursuit ?? null}
        gates={gateFor?.gates ?? []}
        moveTo={gateFor?.moveTo ?? null}
        onClose={() => setGateFor(null)}
        onMoved={(p, to) => setAnnouncement(`Moved ${p.title} to ${to.name}`)}
      />
      <OutcomeDialog
        pursuit={outcomeFor?.pursuit ?? null}
        target={outcomeFor?.target ?? null}
        stages={stages}
        onClose={() => setOutcomeFor(null)}
        onRecorded={(p, stage) => {
          setAnnouncement(`Recorded ${p.title} as ${stage.name}`);
          toast.success(`Outcome recorded: ${stage.name}`);
        }}
      />
      <Drawer
        opened={historyOf !== null}
        onClose={() => setHistoryOf(null)}
        position="right"
        size="md"
        title={historyOf ? `Decisions: ${historyOf.title}` : ''}
      >
        {historyOf && <DecisionHistory pursuitId={historyOf.id} />}
      </Drawer>
    </>
  );
}

/** Count, value and weighted value per stage, above the table. */
function StageTotalsTable({ data }: { data: NonNullable<ReturnType<typeof usePursuits>['data']> }) {
  return (
    <Table.ScrollContainer minWidth={340} mb="md">
      <Table withTableBorder fz="sm" data-testid="stage-totals-table" maw={560}>
        <Table.Caption>Totals per stage</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Stage</Table.Th>
            <Table.Th ta="right">Pursuits</Table.Th>
            <Table.Th ta="right">Value</Table.Th>
            <Table.Th ta="right">Weighted</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.stages.map((s) => {
            const t = data.totals.find((x) => x.stage_id === s.id);
            return (
              <Table.Tr key={s.id}>
                <Table.Td>{s.name}</Table.Td>
                <Table.Td ta="right">{t?.count ?? 0}</Table.Td>
                <Table.Td ta="right">{formatMoney(t?.total_value ?? 0)}</Table.Td>
                <Table.Td ta="right">{formatMoney(t?.weighted_value ?? 0)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
