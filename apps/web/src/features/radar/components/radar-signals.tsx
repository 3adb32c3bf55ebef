import { Badge, List, Text } from '@mantine/core';
import type { RadarSignal } from '@biddesk/shared';

const COLORS: Record<RadarSignal['kind'], string> = {
  single_offer: 'orange',
  not_competed: 'red',
  near_ceiling: 'grape',
  many_modifications: 'blue',
  outgrew_size: 'teal',
};

/**
 * A row's signals as badges, each followed by its explanation and the data it came from in plain
 * text: readable without hovering, and read in order by a screen reader.
 */
export function RadarSignals({ signals }: { signals: RadarSignal[] }) {
  if (signals.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        None in the data
      </Text>
    );
  }
  return (
    <List spacing={6} size="xs" listStyleType="none" ml={0} pl={0} aria-label="Signals">
      {signals.map((s) => (
        <List.Item key={s.kind}>
          <Badge size="sm" color={COLORS[s.kind]} variant="light" mr={6}>
            {s.label}
          </Badge>
          <Text span size="xs">
            {s.explanation}
          </Text>{' '}
          <Text span size="xs" c="dimmed">
            (from: {s.evidence})
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
