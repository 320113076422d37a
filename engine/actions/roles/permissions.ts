// The permission of the Role & Permission editor's writes (seed 003 §6: RolePermission.update is
// needed to edit roles). seeds/access.ts adds it as an action task; the system role holds it.
export const ROLE_PERMISSIONS = ['RolePermission.update'] as const;
