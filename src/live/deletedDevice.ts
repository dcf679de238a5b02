import type { Device } from '../../model/device';

/** Spec §3: a lazily deleted device has a uniqueId like `deleted-{uid}-{time}`; it stays hidden. */
export const isDeletedDevice = (device: Pick<Device, 'uniqueId'>): boolean => {
  const parts = String(device.uniqueId ?? '').split('-');
  return parts.length >= 3 && parts[0] === 'deleted';
};
