import { getJson } from './http';

export type SettingValue = string | number | boolean;

/** An integration as the server shows it: secrets only as `<name>Set: boolean`. */
export interface Integration {
  key: string;
  title: string;
  settings: Record<string, SettingValue>;
}

export const integrationMethods = {
  getIntegrations: (): Promise<Integration[]> => getJson<Integration[]>('/tarkan/integrations'),

  saveIntegration: (key: string, settings: Record<string, SettingValue>): Promise<Integration> =>
    getJson<Integration>(`/tarkan/integrations/${key}`, { method: 'POST', json: settings }),
};
