/**
 * Who may do what in the capture pipeline (issue 26), read by the server's services, the web app
 * and the role-table tests. Kinds of caller: an admin, an internal user, and a guest (a teaming
 * partner's account, which never sees the pipeline).
 */
export type PipelineCaller = 'admin' | 'user' | 'guest';

/**
 * How a caller holds an ability: always, never, or 'owner' — only on a pursuit they are the capture
 * owner of, or that has no owner yet (whoever acts on an unowned pursuit may take it).
 */
export type PipelineGrant = boolean | 'owner';

export const PIPELINE_ABILITIES = {
  /** See /pipeline, every pursuit, the stage list and the owners to choose from. */
  'pipeline.view': { admin: true, user: true, guest: false },
  /** Track an opportunity: create its pursuit (the tracker becomes its capture owner). */
  'pursuit.track': { admin: true, user: true, guest: false },
  /** Edit a pursuit's fields, including handing it to another owner. */
  'pursuit.edit': { admin: true, user: 'owner', guest: false },
  /** Move a pursuit to another stage. */
  'pursuit.move': { admin: true, user: 'owner', guest: false },
  /** Stop tracking: delete the pursuit. */
  'pursuit.delete': { admin: true, user: 'owner', guest: false },
  /** Create the opportunity's workspace from the pipeline (its creator becomes the OWNER). */
  'pursuit.createWorkspace': { admin: true, user: 'owner', guest: false },
  /** Record a gate review and its Go / No go decision. */
  'pursuit.decideGate': { admin: true, user: 'owner', guest: false },
  /** Record (or edit) a pursuit's outcome: Won, Lost, No bid, Cancelled. */
  'pursuit.recordOutcome': { admin: true, user: 'owner', guest: false },
  /** Edit the gate review's rubric (factors and weights). */
  'pipeline.configureGates': { admin: true, user: false, guest: false },
  /** Rename, reorder, add and remove stages. */
  'pipeline.configureStages': { admin: true, user: false, guest: false },
} as const satisfies Record<string, Record<PipelineCaller, PipelineGrant>>;
export type PipelineAbility = keyof typeof PIPELINE_ABILITIES;

/** The kind of caller an account is: guests first, whatever their role says. */
export function pipelineCaller(user: { role: 'user' | 'admin'; is_guest: boolean }): PipelineCaller {
  if (user.is_guest) return 'guest';
  return user.role;
}

/** True when the caller may perform the ability on the pursuit (its owner id, null when unowned). */
export function canPipeline(
  caller: PipelineCaller,
  ability: PipelineAbility,
  target: { actorId?: string; ownerId?: string | null } = {},
): boolean {
  const grant: PipelineGrant = PIPELINE_ABILITIES[ability][caller];
  if (grant !== 'owner') return grant;
  return target.ownerId === null || (target.ownerId !== undefined && target.ownerId === target.actorId);
}
