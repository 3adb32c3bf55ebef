// Styles of what only this screen uses travel with its chunk (router.tsx splits by route).
import '@mantine/dropzone/styles.css';
import { ActionIcon, Badge, Box, Button, Card, Center, Group, Loader, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconStar, IconStarFilled } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { IncumbentAwardsCard } from '../../features/awards/components/incumbent-awards-card';
import { useFormFacts, useGeneratedDocuments, useRequirements } from '../../features/generated-documents/api/documents-api';
import { GeneratedDocumentsPanel } from '../../features/generated-documents/components/generated-documents-panel';
import { PdfUpload } from '../../features/generated-documents/components/pdf-upload';
import { RequirementsTable } from '../../features/generated-documents/components/requirements-table';
import { useOpportunity, useToggleSaved } from '../../features/opportunities/api/opportunities-api';
import { OpportunityDescription } from '../../features/opportunities/components/opportunity-description';
import { OpportunityMetadata } from '../../features/opportunities/components/opportunity-metadata';
import { usePursuitLookup } from '../../features/pipeline/api/pursuits-api';
import { TrackButton } from '../../features/pipeline/components/track-button';
import { OpportunityWorkspaceAction } from '../../features/workspaces/components/opportunity-workspace-action';
import { FormFactsCard } from '../../features/rfp/components/form-facts-card';
import { toast } from '../../lib/toast';
import { MESSAGES } from '../../lib/messages';

/**
 * Opportunity detail (SPEC §2): back, title and number; Details (metadata, PDF upload, extracted
 * requirements, description) and Generated Documents tabs.
 */
export function OpportunityDetailRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const opportunity = useOpportunity(id);
  const toggleSaved = useToggleSaved();
  const documents = useGeneratedDocuments(id);
  const requirements = useRequirements(id, Boolean(opportunity.data?.pdf_processed));
  const formFacts = useFormFacts(id, Boolean(opportunity.data?.pdf_processed));
  const tracked = usePursuitLookup([id]);

  useEffect(() => {
    if (opportunity.isError) {
      toast.error(MESSAGES.failedToFetchOpportunity);
      void navigate('/');
    }
  }, [opportunity.isError, navigate]);

  const o = opportunity.data;
  return (
    <>
      <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={() => navigate(-1)} mb="sm" px={0}>
        Back
      </Button>
      {!o ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : (
        <>
          {/* The title takes the row and the actions wrap below it when both do not fit (issue 21:
              at 390 px the page was 471 px wide, Create Workspace and Save cut off). */}
          <Group justify="space-between" align="flex-start" mb="md" wrap="wrap">
            <div style={{ flex: '1 1 18rem', minWidth: 0 }}>
              <Title order={1} size="h2" data-testid="opportunity-heading" style={{ overflowWrap: 'anywhere' }}>
                {o.title}
              </Title>
              <Group gap="xs" mt={4}>
                <Text c="dimmed" data-testid="solicitation-number">
                  {o.solicitation_number ?? 'No solicitation number'}
                </Text>
                {o.pdf_processed && (
                  <Badge color="teal" variant="light">
                    PDF processed
                  </Badge>
                )}
              </Group>
            </div>
            <Group gap="sm" wrap="wrap" align="center">
              {tracked.data && (
                <TrackButton
                  opportunityId={o.id}
                  title={o.title}
                  trackedStage={tracked.data.find((t) => t.opportunity_id === o.id)?.stage_name}
                  size="sm"
                />
              )}
              <OpportunityWorkspaceAction opportunity={o} />
              <Tooltip label={o.saved ? 'Remove from saved' : 'Save'}>
                <ActionIcon
                  size="lg"
                  variant="light"
                  color="yellow"
                  aria-label={o.saved ? 'Remove from saved' : 'Save opportunity'}
                  aria-pressed={o.saved}
                  data-testid="save-toggle"
                  onClick={() =>
                    toggleSaved.mutate(o, {
                      onSuccess: () => toast.success(MESSAGES.updated),
                      onError: () => toast.error(MESSAGES.failedToUpdate),
                    })
                  }
                >
                  {o.saved ? <IconStarFilled size={20} /> : <IconStar size={20} />}
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
          <Tabs defaultValue="details">
            <Tabs.List mb="md">
              <Tabs.Tab value="details">Details</Tabs.Tab>
              <Tabs.Tab
                value="documents"
                rightSection={
                  <Badge size="sm" variant="light" circle data-testid="documents-count">
                    {documents.data?.length ?? 0}
                  </Badge>
                }
              >
                Generated Documents
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="details">
              <OpportunityMetadata opportunity={o} />
              <IncumbentAwardsCard opportunityId={o.id} />
              <PdfUpload opportunityId={o.id} processed={o.pdf_processed} />
              {/* The solicitation's own form: its due date beside SAM's, each fact with its source. */}
              {o.pdf_processed && formFacts.data?.form_facts && (
                <Box mb="md">
                  <FormFactsCard facts={formFacts.data.form_facts} />
                </Box>
              )}
              {o.pdf_processed && requirements.data && requirements.data.length > 0 && (
                <Card withBorder mb="md" data-testid="requirements-card">
                  <Title order={3} size="h4" mb="xs">
                    Extracted requirements
                  </Title>
                  <RequirementsTable requirements={requirements.data} />
                </Card>
              )}
              <OpportunityDescription opportunity={o} />
            </Tabs.Panel>
            <Tabs.Panel value="documents">
              <GeneratedDocumentsPanel
                opportunityId={o.id}
                pdfProcessed={o.pdf_processed}
                documents={documents.data ?? []}
                loading={documents.isPending}
              />
            </Tabs.Panel>
          </Tabs>
        </>
      )}
    </>
  );
}
