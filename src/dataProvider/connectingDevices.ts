import { getJson, request } from './http';

/**
 * A tracker that reached one of the server's protocol ports naming an identifier no device is
 * registered under (`GET /tarkan/devices/connecting`, administrators, embedded mode only).
 */
export interface ConnectingDevice {
  uniqueId: string;
  /** The protocol's name as positions store it (`gt06`, `h02`, …). */
  protocol: string;
  /** Where the last attempt came from. */
  address: string;
  /** ISO instants of the first and the latest attempt. */
  firstSeen: string;
  lastSeen: string;
  attempts: number;
}

/** A port devices report to (`GET /tarkan/devices/ports`, administrators). */
export interface DevicePort {
  protocol: string;
  port: number;
  /** `tcp`, `udp`, or `http` for OsmAnd. */
  transports: string[];
}

export const connectingDeviceMethods = {
  /** The ports this server's devices report to: OsmAnd's, then each tracker protocol's. */
  getDevicePorts: (signal?: AbortSignal): Promise<DevicePort[]> =>
    getJson<DevicePort[]>('/tarkan/devices/ports', { signal }),

  /** The identifiers still unregistered, most recently heard first. */
  getConnectingDevices: (signal?: AbortSignal): Promise<ConnectingDevice[]> =>
    getJson<ConnectingDevice[]>('/tarkan/devices/connecting', { signal }),

  /** Takes an identifier off the list; it comes back if the tracker keeps trying. */
  dismissConnectingDevice: async (uniqueId: string): Promise<void> => {
    await request(`/tarkan/devices/connecting/${encodeURIComponent(uniqueId)}`, {
      method: 'DELETE',
    });
  },
};
