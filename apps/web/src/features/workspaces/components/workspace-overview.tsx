import { Card, SimpleGrid, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import {
  IconCalendarDue,
  IconChecklist,
  IconFileAnalytics,
  IconFiles,
  IconSparkles,
  IconUserPlus,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { daysUntil, formatDate, type Workspace } from '@biddesk/shared';
import { StatCard } from '../../../components/ui/stat-card';

/** Tabs the overview's shortcut cards switch to. */
export type ShortcutTab = 'team' | 'rfp' | 'ai';

/** Days to Due: whole days left, rounded up (SPEC §4), or a dash without a date. */
export function daysToDue(responseDate: string | null | undefined, now = new Date()): { value: string; detail: string } {
  const days = daysUntil(responseDate, now);
  if (days === null) return { value: '—', detail: 'No due date' };
  if (days < 0) return { value: '0', detail: `Passed on ${formatDate(responseDate)}` };
  return { value: String(days), detail: `Due ${formatDate(responseDate)}` };
}

/** Overview (SPEC §2): four counters (Open Tasks = tasks not DONE) and three shortcuts. */
export function WorkspaceOverview({ workspace, onShortcut }: { workspace: Workspace; onShortcut: (tab: ShortcutTab) => void }) {
  const due = daysToDue(workspace.opportunity?.response_date);
  return (
    <>
      <SimpleGrid cols={{ base: 2, md: 4 }} mb="lg">
        <StatCard label="Members" value={String(workspace.member_count)} icon={IconUsers} color="blue" testId="counter-members" />
        <StatCard
          label="Documents"
          value={workspace.document_count === null ? '—' : String(workspace.document_count)}
          icon={IconFiles}
          color="teal"
          testId="counter-documents"
        />
        <StatCard
          label="Open Tasks"
          value={workspace.open_task_count === null ? '—' : String(workspace.open_task_count)}
          icon={IconChecklist}
          color="orange"
          testId="counter-open-tasks"
        />
        <StatCard
          label="Days to Due"
          value={due.value}
          detail={due.detail}
          icon={IconCalendarDue}
          color="red"
          testId="counter-days-to-due"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Shortcut icon={IconUserPlus} title="Invite Team" text="See the team and invite colleagues." onClick={() => onShortcut('team')} />
        <Shortcut
          icon={IconFileAnalytics}
          title="RFP Analysis"
          text="Check a draft against the RFP's requirements."
          onClick={() => onShortcut('rfp')}
        />
        <Shortcut
          icon={IconSparkles}
          title="Generate Artifacts"
          text="Draft requirements, proposal, compliance and pricing documents."
          onClick={() => onShortcut('ai')}
        />
      </SimpleGrid>
    </>
  );
}

function Shortcut({ icon: IconComponent, title, text, onClick }: { icon: Icon; title: string; text: string; onClick: () => void }) {
  return (
    <UnstyledButton onClick={onClick} aria-label={title}>
      <Card withBorder radius="md" padding="md" h="100%">
        <ThemeIcon variant="light" size="lg" mb="xs">
          <IconComponent size={20} />
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed">
          {text}
        </Text>
      </Card>
    </UnstyledButton>
  );
}
