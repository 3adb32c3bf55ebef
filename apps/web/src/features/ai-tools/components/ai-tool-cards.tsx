import { Button, Card, SimpleGrid, Text, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { WORKSPACE_DOCUMENT_LABELS, WORKSPACE_DOCUMENT_TYPES, type WorkspaceDocumentType } from '@biddesk/shared';

/** What each workspace tool writes, in a sentence (SPEC §2 AI Tools). */
const DESCRIPTIONS: Record<WorkspaceDocumentType, string> = {
  requirements: 'Every requirement of the latest RFP by section, must before should, with its page.',
  proposal: 'A first draft organised by the proposal volumes, with the commitments each requirement asks for.',
  compliance: 'A checklist the team ticks off while writing, one item per requirement.',
  pricing: 'What the solicitation says about contract type, price structure and how price is evaluated.',
};

/**
 * The four generators as cards. `generating` is the type being written: its button spins and the
 * others wait, so one click makes one document. Without `canGenerate` the buttons are not shown.
 */
export function AiToolCards({
  canGenerate,
  generating,
  onGenerate,
}: {
  canGenerate: boolean;
  generating: WorkspaceDocumentType | null;
  onGenerate: (type: WorkspaceDocumentType) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="ai-tool-cards">
      {WORKSPACE_DOCUMENT_TYPES.map((type) => (
        <Card key={type} withBorder radius="md" padding="md" data-testid={`ai-tool-${type}`}>
          <Title order={3} size="h5">
            {WORKSPACE_DOCUMENT_LABELS[type]}
          </Title>
          <Text size="sm" c="dimmed" mt={4} mb="sm" style={{ flexGrow: 1 }}>
            {DESCRIPTIONS[type]}
          </Text>
          {canGenerate && (
            <Button
              leftSection={<IconSparkles size={16} />}
              variant="light"
              loading={generating === type}
              disabled={generating !== null && generating !== type}
              onClick={() => onGenerate(type)}
              aria-label={`Generate ${WORKSPACE_DOCUMENT_LABELS[type]}`}
            >
              Generate
            </Button>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}
