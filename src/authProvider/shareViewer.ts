/** A share viewer: the signed-in user is a shared-link user (`attributes.isShared`). */
export function isShareViewer(user: { attributes?: Record<string, unknown> } | null | undefined) {
  const value = user?.attributes?.isShared;
  return value !== undefined && value !== null && value !== false && value !== 0 && value !== '';
}
