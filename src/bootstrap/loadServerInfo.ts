import { type BrandConfig, defaultBrand } from '../model/brand';
import type { Server } from '../model/server';
import { getJson, request } from '../dataProvider/http';

export interface ServerInfo {
  server: Server;
  /** Any `licensemode` header switches the plus-licence features on. */
  licenseMode: string | null;
  /** The `devicelimit` header: devices the licence still allows, when the server says. */
  deviceLimit: number | null;
}

export const loadServerInfo = async (): Promise<ServerInfo> => {
  const { body, headers } = await request<Server>('/api/server');
  if (!body || typeof body !== 'object') throw new Error('Invalid server info');
  const limit = headers.get('devicelimit');
  const parsedLimit = limit === null ? NaN : Number.parseInt(limit, 10);
  return {
    server: body,
    licenseMode: headers.get('licensemode'),
    deviceLimit: Number.isNaN(parsedLimit) ? null : parsedLimit,
  };
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The saved branding, falling back field by field (and entirely on failure) to the defaults. */
export const loadBrand = async (): Promise<BrandConfig> => {
  try {
    const raw = await getJson<unknown>('/tarkan/assets/custom/config.json');
    if (!isRecord(raw)) return defaultBrand;
    const headLogo = isRecord(raw.headLogo) ? raw.headLogo : {};
    return {
      title: typeof raw.title === 'string' && raw.title ? raw.title : defaultBrand.title,
      whatsapp: typeof raw.whatsapp === 'string' ? raw.whatsapp : defaultBrand.whatsapp,
      headLogo: {
        image: headLogo.image === true,
        text: typeof headLogo.text === 'string' ? headLogo.text : defaultBrand.headLogo.text,
      },
      push: isRecord(raw.push) ? raw.push : defaultBrand.push,
    };
  } catch {
    return defaultBrand;
  }
};
