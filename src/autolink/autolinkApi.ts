import { getJson, request } from '../dataProvider/http';
import type { Device } from '../../model/device';

export interface AutolinkInput {
  imei: string;
  placa: string;
  modelo: string;
  categoria: string;
}

/** `POST /tarkan/autolink`; answers `OK` with the device id in `X-Device-Id`. */
export const autolinkDevice = async (input: AutolinkInput): Promise<Device> => {
  const body = Object.fromEntries(
    Object.entries(input)
      .map(([key, value]) => [key, value.trim()])
      .filter(([, value]) => value !== ''),
  );
  const response = await request<string>('/tarkan/autolink', { method: 'POST', json: body });
  const id = Number(response.headers.get('x-device-id'));
  const [device] = await getJson<Device[]>('/api/devices', { query: { id } });
  return device;
};
