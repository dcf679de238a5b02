/** A driver account (QR check-in only): it never sees the map, menus or admin screens. */
export const isDriverUser = (user: { attributes?: Record<string, unknown> } | null): boolean =>
  Boolean(user?.attributes?.['tarkan.isQrDriverId']);
