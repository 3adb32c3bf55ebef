export * from './users';
export * from './password-reset-tokens';
export * from './invite-codes';
export * from './opportunities';
export * from './documents';
export * from './notifications';
export * from './workspaces';
export * from './workspace-content';
