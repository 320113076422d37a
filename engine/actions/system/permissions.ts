// Permissions of the System actions beyond the {Module}.{verb} ones the seeds generate from
// metadata; seeds/access.ts grants them to the administrator and IRU roles (never to RE users).
export const SYSTEM_PERMISSIONS = ['System.monitor'] as const;
