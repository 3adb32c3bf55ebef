import { Alert, Grid, Tabs } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArchive } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import type { Workspace } from '@biddesk/shared';
import { useWorkspaceAbility } from '../../lib/use-workspace-ability';
import { ActivityTab } from '../../features/workspaces/components/activity-tab';
import { ChatPanel } from '../../features/chat/components/chat-panel';
import { DocumentsTab } from '../../features/workspace-documents/components/documents-tab';
import { TasksTab } from '../../features/tasks/components/tasks-tab';
import { RfpTab } from '../../features/rfp/components/rfp-tab';
import { AiToolsTab } from '../../features/ai-tools/components/ai-tools-tab';
import { TeamTab } from '../../features/workspaces/components/team-tab';
import { WorkspaceHeader } from '../../features/workspaces/components/workspace-header';
import { WorkspaceOverview } from '../../features/workspaces/components/workspace-overview';

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'documents', label: 'Documents' },
  { value: 'tasks', label: 'Tasks' },
  { value: 'team', label: 'Team' },
  { value: 'rfp', label: 'RFP Analysis' },
  { value: 'ai', label: 'AI Tools' },
  { value: 'activity', label: 'Activity' },
] as const;
type TabValue = (typeof TABS)[number]['value'];
const isTab = (value: string | null): value is TabValue => TABS.some((t) => t.value === value);

/**
 * The workspace once the caller may see it (SPEC §2): header, the seven tabs and the Team Chat side
 * panel. The open tab lives in `?tab=` so a reload or a shared link lands on the same tab.
 */
export function WorkspaceView({ workspace }: { workspace: Workspace }) {
  const can = useWorkspaceAbility(workspace);
  const [params, setParams] = useSearchParams();
  const [chatOpened, { toggle: toggleChat }] = useDisclosure(true);
  const requested = params.get('tab');
  const tab: TabValue = isTab(requested) ? requested : 'overview';
  const selectTab = (value: string | null) => setParams(value && value !== 'overview' ? { tab: value } : {}, { replace: true });

  return (
    <>
      <WorkspaceHeader workspace={workspace} />
      {workspace.archived && (
        <Alert color="gray" icon={<IconArchive size={18} />} mb="md" title="Archived — read only" data-testid="archived-notice">
          This workspace is archived. Its content can be read but not changed
          {can('workspace.archive') ? '; restore it from the menu to work in it again.' : '.'}
        </Alert>
      )}
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: chatOpened ? 8 : 11 }}>
          {/* Only the open tab renders, so each tab's data loads when it is first shown. */}
          <Tabs value={tab} onChange={selectTab} keepMounted={false}>
            <Tabs.List mb="md">
              {TABS.map((t) => (
                <Tabs.Tab key={t.value} value={t.value}>
                  {t.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value="overview">
              <WorkspaceOverview workspace={workspace} onShortcut={selectTab} />
            </Tabs.Panel>
            <Tabs.Panel value="documents">
              <DocumentsTab workspace={workspace} can={can} />
            </Tabs.Panel>
            <Tabs.Panel value="tasks">
              <TasksTab workspace={workspace} can={can} />
            </Tabs.Panel>
            <Tabs.Panel value="team">
              <TeamTab workspace={workspace} can={can} />
            </Tabs.Panel>
            <Tabs.Panel value="rfp">
              <RfpTab workspace={workspace} can={can} />
            </Tabs.Panel>
            <Tabs.Panel value="ai">
              <AiToolsTab workspace={workspace} can={can} />
            </Tabs.Panel>
            <Tabs.Panel value="activity">
              <ActivityTab workspaceId={workspace.id} />
            </Tabs.Panel>
          </Tabs>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: chatOpened ? 4 : 1 }}>
          <ChatPanel workspace={workspace} can={can} opened={chatOpened} onToggle={toggleChat} />
        </Grid.Col>
      </Grid>
    </>
  );
}
