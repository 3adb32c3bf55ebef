import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import type { RfpRequirement, Workspace } from '@biddesk/shared';
import { useCorrectRequirement } from '../api/rfp-corrections';
import type { WorkspaceAbilityCheck } from '../../../lib/use-workspace-ability';
import { ComplianceMatrix } from './compliance-matrix';
import { CreateTasksDialog } from './create-tasks-dialog';
import { RequirementsTable } from './requirements-table';

/**
 * Requirements as the work plan (issue 13 item 3): the requirements list, where members who may
 * create tasks select rows and turn them into board tasks, or the compliance matrix that rolls the
 * tasks and the latest draft analysis up per requirement (the RFP tab picks which; the matrix loads
 * only when shown).
 */
export function WorkPlan({
  workspace,
  can,
  solicitationId,
  requirements,
  view,
}: {
  workspace: Workspace;
  can: WorkspaceAbilityCheck;
  solicitationId: string;
  requirements: RfpRequirement[];
  view: 'requirements' | 'matrix';
}) {
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [dialogOpen, setDialogOpen] = useState(false);
  // can() answers false for writes on an archived workspace (useWorkspaceAbility).
  const mayCreate = can('task.create');
  const mayCorrect = can('requirement.correct');
  const correct = useCorrectRequirement(workspace.id, solicitationId);
  // Only ids of the current RFP count (a new version may have dropped some), and never a row marked not a requirement.
  const chosen = requirements
    .filter((r) => !r.correction?.not_a_requirement)
    .map((r) => r.requirement_id)
    .filter((id) => selected.has(id));

  return (
    <Stack gap="sm">
      {view === 'matrix' ? (
        <ComplianceMatrix workspaceId={workspace.id} />
      ) : (
        <RequirementsTable
          requirements={requirements}
          selection={mayCreate ? { selected, onChange: setSelected } : undefined}
          corrections={mayCorrect ? { pending: correct.isPending, onChange: correct.mutateAsync } : undefined}
          actions={
            mayCreate && (
              <Button size="xs" disabled={chosen.length === 0} onClick={() => setDialogOpen(true)}>
                Create tasks
              </Button>
            )
          }
        />
      )}
      {mayCreate && dialogOpen && (
        <CreateTasksDialog
          workspaceId={workspace.id}
          requirementIds={chosen}
          opened={dialogOpen}
          onClose={() => setDialogOpen(false)}
          onCreated={() => {
            setDialogOpen(false);
            setSelected(new Set());
          }}
        />
      )}
    </Stack>
  );
}
