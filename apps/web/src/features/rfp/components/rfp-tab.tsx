import { Alert, Button, Card, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMutationState } from '@tanstack/react-query';
import { useState } from 'react';
import type { RfpRequirement, Workspace } from '@biddesk/shared';
import { plural } from '@biddesk/shared';
import { errorMessage } from '../../../lib/api-client';
import { useAnalysis, useAnalyzeDraft, useSolicitation, useUploadRfp } from '../api/rfp';
import { correctionMutationKey } from '../api/rfp-corrections';
import type { WorkspaceAbilityCheck } from '../../../lib/use-workspace-ability';
import { AmendmentDiff, amendmentToast } from './amendment-diff';
import { AnalysisResults } from './analysis-results';
import { FileUploadCard } from './file-upload-card';
import { FormFactsCard } from './form-facts-card';
import { WorkPlan } from './work-plan';
import { toast } from '../../../lib/toast';
import { MESSAGES } from '../../../lib/messages';

type View = 'requirements' | 'analysis' | 'matrix';
const VIEWS: Array<{ value: View; label: string }> = [
  { value: 'requirements', label: 'Requirements' },
  { value: 'analysis', label: 'Analysis' },
  { value: 'matrix', label: 'Compliance Matrix' },
];

/** True when a correction standing now was made after the draft was run (an undo since is not seen). */
const correctedSince = (requirements: RfpRequirement[], scoredAt: string) =>
  requirements.some((r) => r.correction && Date.parse(r.correction.corrected_at) > Date.parse(scoredAt));

const hasExtension = (file: File, ...exts: string[]) => exts.some((ext) => file.name.toLowerCase().endsWith(ext));

/**
 * RFP Analysis tab (SPEC §2, §4 RFP flow): upload the RFP, see its requirements, upload a draft
 * (only once an RFP is completed) and read its scores. "Upload New RFP" and "Run New Analysis"
 * clear their view back to the upload area. Members without `rfp.run` (VIEWERs), and everyone in an
 * archived workspace, read results only.
 * A re-upload is an amendment: its diff against the previous version shows under the header.
 * Requirements, the analysis and the compliance matrix are three views (issue 24): the analysis
 * opens first once there is one, so scores, conflicts, format checks and the top gaps are what a
 * proposal manager sees, not hundreds of requirement rows above them.
 */
export function RfpTab({ workspace, can }: { workspace: Workspace; can: WorkspaceAbilityCheck }) {
  const solicitation = useSolicitation(workspace.id);
  const analysis = useAnalysis(workspace.id);
  // When the team last corrected a requirement (this browser's clock, like the query's dataUpdatedAt).
  const lastCorrectionAt = Math.max(
    0,
    ...useMutationState({
      filters: { mutationKey: correctionMutationKey(workspace.id), status: 'success' },
      select: (m) => m.state.submittedAt,
    }),
  );
  const [progress, setProgress] = useState(0);
  const uploadRfp = useUploadRfp(workspace.id, setProgress);
  const analyzeDraft = useAnalyzeDraft(workspace.id, setProgress);
  const [replacing, setReplacing] = useState(false);
  const [newAnalysis, setNewAnalysis] = useState(false);
  const [chosenView, setView] = useState<View | null>(null);
  // An archived workspace is read-only like every other tab (the page says why): `can` answers
  // false for the matrix's writes there, as the server's "This workspace is archived" would (issue 21).
  const canRun = can('rfp.run');

  if (solicitation.isPending) return <Loader size="sm" />;
  if (solicitation.isError) return <Alert color="red">{errorMessage(solicitation.error, 'Failed to load the RFP')}</Alert>;
  const rfp = solicitation.data;

  const submitRfp = (file: File) => {
    setProgress(0);
    uploadRfp.mutate(file, {
      onSuccess: (res) => {
        toast.success(`RFP processed: ${plural(res.requirements_count, 'requirement')} extracted`);
        if (res.amendment) toast.show(res.amendment.counts.tasks_affected ? 'attention' : 'info', amendmentToast(res.amendment));
        setReplacing(false);
        setNewAnalysis(false);
      },
      onError: (err) => toast.error(MESSAGES.failedToProcessRfp, err),
    });
  };
  const submitDraft = (file: File) => {
    setProgress(0);
    analyzeDraft.mutate(file, {
      onSuccess: (res) => {
        toast.success(`Draft analyzed: ${res.coverage_score}% coverage`);
        setNewAnalysis(false);
        setView('analysis');
      },
      onError: (err) => toast.error(MESSAGES.failedToAnalyzeDraft, err),
    });
  };

  if (!rfp || replacing) {
    if (!canRun) return <Text c="dimmed">No RFP has been uploaded to this workspace yet.</Text>;
    return (
      <FileUploadCard
        title="Upload RFP PDF"
        description="The solicitation's Section L, M and C requirements are extracted with their page numbers."
        accept=".pdf,application/pdf"
        selectMessage="Please select an RFP PDF file"
        typeMessage="PDF files only"
        isAllowed={(f) => hasExtension(f, '.pdf')}
        pending={uploadRfp.isPending}
        progress={progress}
        onSubmit={submitRfp}
        onCancel={rfp ? () => setReplacing(false) : undefined}
      />
    );
  }

  // Results of an earlier RFP version are not this RFP's: the draft has to be scored again.
  const latest = analysis.data && analysis.data.solicitation_id === rfp.id ? analysis.data : null;
  const completed = rfp.processing_status === 'completed';
  const working = rfp.requirements.filter((r) => !r.correction?.not_a_requirement);
  const excluded = rfp.requirements.length - working.length;

  // Until a draft is analyzed the requirements are the work; after that, the analysis is.
  const view: View = chosenView ?? (latest ? 'analysis' : 'requirements');
  const draftUpload =
    canRun && completed ? (
      <FileUploadCard
        title="Upload Draft Proposal"
        description="Your draft (PDF or Word .docx) is scored against these requirements: coverage, evidence, language match and what is missing."
        accept=".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        selectMessage="Please select a draft proposal PDF"
        typeMessage="PDF files only (or a Word .docx for a draft)"
        isAllowed={(f) => hasExtension(f, '.pdf', '.docx')}
        pending={analyzeDraft.isPending}
        progress={progress}
        onSubmit={submitDraft}
        onCancel={latest ? () => setNewAnalysis(false) : undefined}
      />
    ) : null;

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between">
          <div>
            <Title order={3} size="h5">
              {rfp.file_name}
            </Title>
            <Text size="sm" c="dimmed">
              Version {rfp.version} · {plural(rfp.page_count, 'page')} · {plural(rfp.requirements.length, 'requirement')}
              {excluded > 0 && ` (${excluded} marked not a requirement)`} · {completed ? 'Completed' : rfp.processing_status}
            </Text>
          </div>
          {canRun && (
            <Button variant="light" onClick={() => setReplacing(true)}>
              Upload New RFP
            </Button>
          )}
        </Group>
      </Card>
      {/* What the solicitation's own form states (due date first), with where each fact was read. */}
      {rfp.form_facts && <FormFactsCard facts={rfp.form_facts} />}
      {rfp.amendment && <AmendmentDiff amendment={rfp.amendment} />}
      {/* Before the first analysis the draft upload sits above the views: it is the next step. */}
      {!analysis.isPending && !latest && (draftUpload ?? <Text c="dimmed">No draft has been analyzed yet.</Text>)}
      <SegmentedControl
        aria-label="Requirements view"
        data={VIEWS}
        value={view}
        onChange={(v) => setView(v as View)}
        style={{ alignSelf: 'flex-start' }}
      />
      {view === 'analysis' ? (
        analysis.isPending ? (
          <Loader size="sm" />
        ) : latest && !newAnalysis ? (
          <>
            {/* The server scores the analysis again against the corrections when it is read: until the re-read arrives, the scores shown are stale. */}
            {lastCorrectionAt > analysis.dataUpdatedAt ? (
              <Alert color="yellow" data-testid="analysis-stale">
                {analysis.isRefetchError
                  ? `These scores are from before your latest correction, and re-scoring failed: ${errorMessage(analysis.error, 'the server did not answer')}. Reload the page to retry.`
                  : 'These scores are from before your latest correction: re-scoring against your corrections…'}
              </Alert>
            ) : (
              correctedSince(rfp.requirements, latest.created_at) && (
                <Alert color="blue" data-testid="analysis-corrected-since">
                  Re-scored against your corrections: the requirements list was corrected after this draft was run, and these scores read
                  the corrected list.
                </Alert>
              )
            )}
            {/* Counts and coverage by section read the corrected list: a row marked not a requirement is not one. */}
            <AnalysisResults analysis={latest} requirements={working} onRunNew={canRun ? () => setNewAnalysis(true) : undefined} />
          </>
        ) : latest && draftUpload ? (
          draftUpload
        ) : (
          <Text c="dimmed">No draft has been analyzed yet.</Text>
        )
      ) : (
        <WorkPlan workspace={workspace} can={can} solicitationId={rfp.id} requirements={rfp.requirements} view={view} />
      )}
    </Stack>
  );
}
