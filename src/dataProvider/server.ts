import type { Server } from '../../model/server';
import { request } from './http';

export interface ServerInfo {
  server: Server;
  /** Any `licensemode` header switches the plus-licence features on. */
  licenseMode: string | null;
  /** The `devicelimit` header: devices the licence still allows, when the server says. */
  deviceLimit: number | null;
}

export const serverMethods = {
  /** `GET /api/server` with the licence headers, loaded before the app renders. */
  getServerInfo: async (): Promise<ServerInfo> => {
    const { body, headers } = await request<Server>('/api/server');
    if (!body || typeof body !== 'object') throw new Error('Invalid server info');
    const limit = headers.get('devicelimit');
    const parsedLimit = limit === null ? NaN : Number.parseInt(limit, 10);
    return {
      server: body,
      licenseMode: headers.get('licensemode'),
      deviceLimit: Number.isNaN(parsedLimit) ? null : parsedLimit,
    };
  },
};
