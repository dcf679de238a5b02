import {
  INTEGRATIONS,
  INTEGRATION_KEYS,
  type IntegrationFieldType,
  type IntegrationKey,
} from '../../model/integration';
import { IllegalArgumentException } from '../errors';

/** Validation and the browser's view of integration settings (`model/integration.ts`). */
type FieldType = IntegrationFieldType;
export { INTEGRATIONS, INTEGRATION_KEYS, type IntegrationKey };
export type Settings = Record<string, string | number | boolean>;

export const isIntegrationKey = (key: string): key is IntegrationKey => key in INTEGRATIONS;

const fieldsOf = (key: IntegrationKey): Record<string, FieldType> => INTEGRATIONS[key].fields;

/** What the browser may see: secrets replaced by whether they are set. */
export function publicSettings(key: IntegrationKey, stored: Settings): Settings {
  const view: Settings = {};
  for (const [name, type] of Object.entries(fieldsOf(key))) {
    const value = stored[name];
    if (type === 'secret') view[`${name}Set`] = typeof value === 'string' && value !== '';
    else if (type === 'boolean') view[name] = value === true;
    else view[name] = value ?? (type === 'number' ? 0 : '');
  }
  return view;
}

function coerce(name: string, type: FieldType, value: unknown): string | number | boolean {
  if (type === 'boolean' && typeof value === 'boolean') return value;
  if (type === 'number' && typeof value === 'number' && Number.isFinite(value)) return value;
  if ((type === 'string' || type === 'secret') && typeof value === 'string') {
    if (value.length > 2048) throw new IllegalArgumentException(`${name} is too long`);
    return value.trim();
  }
  throw new IllegalArgumentException(`${name} must be a ${type === 'secret' ? 'string' : type}`);
}

function requireFilled(settings: Settings, names: string[]): void {
  for (const name of names) {
    if (settings[name] === undefined || settings[name] === '') {
      throw new IllegalArgumentException(`${name} is required`);
    }
  }
}

/** Enabled integrations must be usable: the fields each one cannot work without. */
function checkComplete(key: IntegrationKey, s: Settings): void {
  if (s.enabled !== true) return;
  if (key === 'asaas') requireFilled(s, ['token']);
  if (key === 'email') {
    requireFilled(s, ['host', 'senderEmail']);
    const port = Number(s.port);
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      throw new IllegalArgumentException('port must be between 1 and 65535');
    }
  }
  if (key === 'invoice') {
    requireFilled(s, ['url', 'secret']);
    if (!/^https?:\/\/\S+$/.test(String(s.url))) {
      throw new IllegalArgumentException('url must be an http(s) address');
    }
  }
}

/** `stored` with the input's fields over it; unknown fields are refused, blank secrets kept. */
export function mergeSettings(
  key: IntegrationKey,
  stored: Settings,
  input: Record<string, unknown>,
): Settings {
  const fields = fieldsOf(key);
  const result: Settings = { ...stored };
  for (const [name, value] of Object.entries(input)) {
    const type = fields[name];
    if (!type) {
      // The browser may send back the view it was given (`tokenSet`), or Tarkan's item keys.
      if (name.endsWith('Set') && fields[name.slice(0, -3)] === 'secret') continue;
      if (name === 'key' || name === 'title') continue;
      throw new IllegalArgumentException(`Unknown setting ${name}`);
    }
    if (value === null || value === undefined) continue;
    const coerced = coerce(name, type, value);
    if (type === 'secret' && coerced === '') continue;
    result[name] = coerced;
  }
  checkComplete(key, result);
  return result;
}
