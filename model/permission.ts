/**
 * A permission link as `POST/DELETE /api/permissions` takes it: exactly two keys, owner first,
 * e.g. `{ userId: 1, deviceId: 5 }` or `{ deviceId: 5, geofenceId: 2 }`.
 */
export type Permission = Record<string, number>;
