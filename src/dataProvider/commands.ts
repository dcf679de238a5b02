import { getJson, request } from './http';

export interface SavedCommand {
  id: number;
  description: string;
  type: string;
  textChannel: boolean;
  attributes: Record<string, unknown>;
}

/** 200: delivered live; 202: queued until the device connects (`docs/traccar-api.md`). */
export type SendResult = 'sent' | 'queued';

export const commandMethods = {
  /** The saved commands this device accepts. */
  getSavedCommands: (deviceId: number): Promise<SavedCommand[]> =>
    getJson<SavedCommand[]>('/api/commands/send', { query: { deviceId } }),

  sendCommand: async (command: Record<string, unknown>): Promise<SendResult> => {
    const response = await request('/api/commands/send', { method: 'POST', json: command });
    return response.status === 202 ? 'queued' : 'sent';
  },
};
