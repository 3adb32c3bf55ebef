export * from './users';
export * from './password-reset-tokens';
export * from './invite-codes';
