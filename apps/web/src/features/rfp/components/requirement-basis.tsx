import { Anchor, Code, Group, Stack, Text } from '@mantine/core';
import { BASIS_NOT_RECORDED, type RfpRequirementBasis, type RfpRequirementCorrection } from '@biddesk/shared';

const sectionName = (s: string) => (s === 'other' ? 'Other' : s);

/**
 * The panel sits in a table row that scrolls sideways on a phone: it stays at the left edge of what
 * is visible and no wider than the screen, so its text wraps instead of running off to the right.
 */
export const PANEL_STYLE = { position: 'sticky', left: 0, maxWidth: 'min(100%, calc(100vw - 72px))' } as const;

/** The toggle that opens a row's "Why is this a requirement?" panel: a real button, in the Tab order. */
export function WhyToggle({
  requirementId,
  open,
  controls,
  onToggle,
}: {
  requirementId: string;
  open: boolean;
  controls: string;
  onToggle: () => void;
}) {
  return (
    <Anchor
      component="button"
      type="button"
      size="xs"
      onClick={onToggle}
      aria-expanded={open}
      aria-controls={controls}
      aria-label={`Why is ${requirementId} a requirement?`}
    >
      {open ? 'Hide why' : 'Why?'}
    </Anchor>
  );
}

/**
 * A list item's lead-in, muted above the item: "Monthly status report" is a requirement only as the
 * rest of "The contractor shall deliver the following:". Wraps on a phone rather than widening the row.
 */
export function LeadIn({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="requirement-lead-in" style={{ overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  );
}

/** "corrected from M": the engine's reading beside a corrected value. */
export function CorrectedFrom({ engine, shown }: { engine: string; shown: string }) {
  if (engine === shown) return null;
  return (
    <Text size="xs" c="dimmed" component="span" style={{ whiteSpace: 'nowrap' }}>
      {' '}
      (corrected from {sectionName(engine)})
    </Text>
  );
}

/** What the team changed, in one sentence: who, when, what, and where it came from. */
export function correctionSentence(c: RfpRequirementCorrection): string {
  const what = [
    c.not_a_requirement ? 'marked not a requirement' : null,
    c.section ? `section ${sectionName(c.engine.section)} → ${sectionName(c.section)}` : null,
    c.must_or_should ? `${c.engine.must_or_should} → ${c.must_or_should}` : null,
  ]
    .filter(Boolean)
    .join('; ');
  const who = c.corrected_by_name ?? 'a former member';
  const carried = c.carried_from_version ? ` in version ${c.carried_from_version}, carried over by the amendment` : '';
  return `Corrected by ${who}${carried}: ${what}.`;
}

/**
 * A row's "Why is this a requirement?" answer: the engine's rules, the cue it saw, where the section
 * came from and the page, then the team's correction if there is one. Requirements stored before the
 * engine recorded a basis say so, never a guess.
 */
export function BasisDetails({
  basis,
  page,
  correction,
}: {
  basis: RfpRequirementBasis | null;
  page: number | null;
  correction: RfpRequirementCorrection | null;
}) {
  return (
    <Stack gap={4} style={PANEL_STYLE}>
      <Text size="sm" fw={700}>
        Why is this a requirement?
      </Text>
      {basis ? (
        <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 12, rowGap: 2 }}>
          <Text component="dt" size="sm" c="dimmed">
            Rules
          </Text>
          <Text component="dd" size="sm" m={0}>
            <Group gap={4} component="span">
              {basis.rules.length ? basis.rules.map((rule) => <Code key={rule}>{rule}</Code>) : 'none recorded'}
            </Group>
          </Text>
          <Text component="dt" size="sm" c="dimmed">
            Cue
          </Text>
          <Text component="dd" size="sm" m={0}>
            {basis.cue ? `"${basis.cue}"` : 'no obligation word'}
          </Text>
          <Text component="dt" size="sm" c="dimmed">
            Section from
          </Text>
          <Text component="dd" size="sm" m={0}>
            {basis.section}
          </Text>
          <Text component="dt" size="sm" c="dimmed">
            Page
          </Text>
          <Text component="dd" size="sm" m={0}>
            {page ?? 'none (the source has no pages)'}
          </Text>
        </dl>
      ) : (
        <Text size="sm" c="dimmed">
          {BASIS_NOT_RECORDED}.
        </Text>
      )}
      {correction && (
        <Text size="sm">
          {correctionSentence(correction)}
          {correction.note ? ` "${correction.note}"` : ''}
        </Text>
      )}
    </Stack>
  );
}
