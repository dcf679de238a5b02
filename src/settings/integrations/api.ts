import { getJson } from '../../dataProvider/http';

export type SettingValue = string | number | boolean;

/** An integration as the server shows it: secrets only as `<name>Set: boolean`. */
export interface Integration {
  key: string;
  title: string;
  settings: Record<string, SettingValue>;
}

export const fetchIntegrations = () => getJson<Integration[]>('/tarkan/integrations');

export const saveIntegration = (key: string, settings: Record<string, SettingValue>) =>
  getJson<Integration>(`/tarkan/integrations/${key}`, { method: 'POST', json: settings });
