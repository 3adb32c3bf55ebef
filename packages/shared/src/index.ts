export * from './errors';
export * from './limits';
export * from './app-info';
export * from './contracts/users';
export * from './contracts/auth';
export * from './contracts/invite-codes';
export * from './urgency';
export * from './format';
