// Permissions of the identity actions that are not a module's select/create/update/delete.
// The seeds turn them into permission tasks (granted to the system administrator, role 10).
export const IDENTITY_PERMISSIONS: { module: string; action: string; title: string }[] = [
  { module: 'User', action: 'resetMFA', title: 'User' },
  { module: 'ApiToken', action: 'create', title: 'API tokens' },
  { module: 'ApiToken', action: 'revoke', title: 'API tokens' },
  { module: 'ApiToken', action: 'list', title: 'API tokens' },
];
