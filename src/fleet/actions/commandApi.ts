import { getJson, request } from '../../dataProvider/http';

export interface SavedCommand {
  id: number;
  description: string;
  type: string;
  textChannel: boolean;
  attributes: Record<string, unknown>;
}

export type NativeCommand = 'engineStop' | 'engineResume';

/** 200: delivered live; 202: queued until the device connects (`docs/traccar-api.md`). */
export type SendResult = 'sent' | 'queued';

export const savedCommandsFor = (deviceId: number) =>
  getJson<SavedCommand[]>('/api/commands/send', { query: { deviceId } });

/** A saved command standing in for a native action (`tarkan.changeNative`). */
export const nativeStandIn = (commands: readonly SavedCommand[], type: NativeCommand) =>
  commands.find((command) => command.attributes?.['tarkan.changeNative'] === type);

export const sendCommand = async (body: Record<string, unknown>): Promise<SendResult> => {
  const response = await request('/api/commands/send', { method: 'POST', json: body });
  return response.status === 202 ? 'queued' : 'sent';
};

/** Lock or unlock: the saved stand-in if there is one, else the raw `{deviceId, type}`. */
export const sendNative = async (deviceId: number, type: NativeCommand): Promise<SendResult> => {
  const saved = nativeStandIn(await savedCommandsFor(deviceId).catch(() => []), type);
  if (saved) return sendCommand({ ...saved, deviceId });
  return sendCommand({ deviceId, type, attributes: {} });
};
