/**
 * Which gates a stage move passes (issue 26 item 3). A gate is a stage whose review must record Go
 * before a pursuit leaves it forward: a move from `from` to `to` passes every gate at or after
 * `from` and before `to`. Closing as Won or Lost passes them too (the pursuit was bid); closing as
 * No bid or Cancelled, and moving back, pass none.
 */
export interface GateStage {
  id: string;
  position: number;
  outcome: 'won' | 'lost' | 'no_bid' | 'cancelled' | null;
  gate_evidence: string[] | null;
}

export function gatesPassed<S extends GateStage>(stages: S[], fromId: string, toId: string): S[] {
  const from = stages.find((s) => s.id === fromId);
  const to = stages.find((s) => s.id === toId);
  if (!from || !to || to.outcome === 'no_bid' || to.outcome === 'cancelled') return [];
  const toPosition = to.outcome ? Infinity : to.position;
  // A closed pursuit reopened forward passes every gate before its target again (its No bid may
  // have skipped them).
  const fromPosition = from.outcome ? -Infinity : from.position;
  return stages
    .filter((s) => s.gate_evidence !== null && s.outcome === null && s.position >= fromPosition && s.position < toPosition)
    .sort((a, b) => a.position - b.position);
}
