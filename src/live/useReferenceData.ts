import { useMemo } from 'react';
import { useGetList } from 'react-admin';
import { bitAllows, type PermName } from '../../model/advancedPerms';
import type { Geofence } from '../../model/geofence';
import { useAccess } from '../authProvider/useAccess';

export interface Group {
  id: number;
  name: string;
  groupId: number;
  attributes: Record<string, unknown>;
}

const ALL = {
  pagination: { page: 1, perPage: 1_000_000 },
  sort: { field: 'id', order: 'ASC' as const },
};
const QUIET = { retry: false, staleTime: 60_000 };
/** One empty list while loading or after an error, so memos keyed on the list stay put. */
const NONE: never[] = [];

/**
 * A reference list the live screens read, fetched only when the advanced-permission bits allow
 * it (the server's own rule): asking anyway would earn an "Access denied" answer for an area the
 * user never sees.
 */
const useAllowedList = <T extends { id: number }>(resource: string, bit: PermName) => {
  const { access } = useAccess();
  const enabled = bitAllows(access, bit);
  return useGetList<T>(resource, ALL, { ...QUIET, enabled }).data ?? NONE;
};

/** The user's geofences through react-admin's cache, so saving one anywhere refreshes the map. */
export const useGeofences = (): Geofence[] => useAllowedList<Geofence>('geofences', 'geofences');

export const useGroups = (): Group[] => useAllowedList<Group>('groups', 'groups');

/** Devices that an anchor geofence references (`attributes.isAnchor` + `attributes.deviceId`). */
const anchorsByDevice = (geofences: readonly Geofence[]): Map<number, Geofence> => {
  const result = new Map<number, Geofence>();
  geofences.forEach((geofence) => {
    const { isAnchor, deviceId } = geofence.attributes ?? {};
    if ((isAnchor === true || isAnchor === 'true') && Number(deviceId) > 0) {
      result.set(Number(deviceId), geofence);
    }
  });
  return result;
};

export const useAnchors = (): Map<number, Geofence> => {
  const geofences = useGeofences();
  return useMemo(() => anchorsByDevice(geofences), [geofences]);
};

export interface Driver {
  id: number;
  name: string;
  uniqueId: string;
}

export const useDrivers = (): Driver[] => useAllowedList<Driver>('drivers', 'drivers');
