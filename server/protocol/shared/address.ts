/** An IPv4 client on a dual-stack socket reads as `::ffff:1.2.3.4`; Traccar shows `1.2.3.4`. */
export function plainAddress(address: string | undefined): string {
  if (!address) return '';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}
