import type { Device } from '../../model/device';
import { request } from './http';
import { liveMethods } from './live';

export interface AutolinkInput {
  imei: string;
  placa: string;
  modelo: string;
  categoria: string;
}

export const autolinkMethods = {
  /**
   * `POST /tarkan/autolink` with the filled fields; it answers `OK` with the new device's id in
   * `X-Device-Id`, and the device is then read back.
   */
  autolinkDevice: async (input: AutolinkInput): Promise<Device | undefined> => {
    const body = Object.fromEntries(
      Object.entries(input)
        .map(([key, value]) => [key, value.trim()])
        .filter(([, value]) => value !== ''),
    );
    const response = await request<string>('/tarkan/autolink', { method: 'POST', json: body });
    return liveMethods.getDevice(Number(response.headers.get('x-device-id')));
  },
};
