// Permissions of the account administration actions, beyond the {Module}.{verb} ones the seeds
// generate from metadata; seeds/access.ts grants them to the administrator and IRU roles.
export const ACCOUNT_PERMISSIONS = ['User.activate', 'User.reject', 'User.resetPassword'] as const;
