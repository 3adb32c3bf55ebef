/** Sidebar items (SPEC §2 shared layout); Admin shows only for role admin. */
export const NAV_ITEMS = [
  { label: 'Dashboard', to: '/', adminOnly: false },
  { label: 'AI Workspace', to: '/ai-workspace', adminOnly: false },
  { label: 'Saved Docs', to: '/documents', adminOnly: false },
  { label: 'Settings', to: '/settings', adminOnly: false },
  { label: 'Admin', to: '/admin', adminOnly: true },
] as const;

/** Active-item rule (SPEC §2): exact match for /, prefix match otherwise. */
export function isNavItemActive(itemPath: string, currentPath: string): boolean {
  if (itemPath === '/') return currentPath === '/';
  return currentPath === itemPath || currentPath.startsWith(`${itemPath}/`);
}
