/**
 * The vehicle id in a device QR code (`{origin}/qr-driver/scan/{id}`), or null when the text is
 * anything else, including the same path on another site.
 */
export const vehicleIdFromQr = (text: string, origin: string): number | null => {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const match = /^\/qr-driver\/scan\/(\d{1,15})\/?$/.exec(url.pathname);
  const id = match ? Number(match[1]) : 0;
  return id > 0 ? id : null;
};
