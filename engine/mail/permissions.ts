// Permissions of the mail actions, beyond the {Module}.{verb} ones the seeds generate from
// metadata; seeds/access.ts grants them to the administrator and IRU roles.
export const MAIL_PERMISSIONS = ['Email.generate'] as const;
