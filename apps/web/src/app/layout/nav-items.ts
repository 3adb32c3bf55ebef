/**
 * Sidebar items (SPEC §2 shared layout); Admin shows only for role admin. Pipeline (issue 26) and
 * the personal AI documents are made of opportunity data, so guests (teaming partners) never see
 * them: `internalOnly`; nor the recompete radar (issue 27), made of award data.
 */
export const NAV_ITEMS = [
  { label: 'Dashboard', to: '/', adminOnly: false, internalOnly: false },
  { label: 'Pipeline', to: '/pipeline', adminOnly: false, internalOnly: true },
  { label: 'Radar', to: '/radar', adminOnly: false, internalOnly: true },
  { label: 'Partners', to: '/partners', adminOnly: false, internalOnly: true },
  { label: 'AI Workspace', to: '/ai-workspace', adminOnly: false, internalOnly: true },
  { label: 'Saved Docs', to: '/documents', adminOnly: false, internalOnly: true },
  { label: 'Settings', to: '/settings', adminOnly: false, internalOnly: false },
  { label: 'Admin', to: '/admin', adminOnly: true, internalOnly: true },
] as const;

/** Active-item rule (SPEC §2): exact match for /, prefix match otherwise. */
export function isNavItemActive(itemPath: string, currentPath: string): boolean {
  if (itemPath === '/') return currentPath === '/';
  return currentPath === itemPath || currentPath.startsWith(`${itemPath}/`);
}
