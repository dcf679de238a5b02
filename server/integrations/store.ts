import type { Db } from '../db/database';
import { parseAttributes } from '../db/json';
import {
  INTEGRATION_KEYS,
  INTEGRATIONS,
  mergeSettings,
  publicSettings,
  type IntegrationKey,
  type Settings,
} from './catalog';

interface IntegrationView {
  key: IntegrationKey;
  title: string;
  settings: Settings;
}

function toSettings(text: string): Settings {
  const parsed = parseAttributes(text);
  const settings: Settings = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (['string', 'number', 'boolean'].includes(typeof value)) {
      settings[name] = value as string | number | boolean;
    }
  }
  return settings;
}

/**
 * Integration settings, read once and kept in memory so the mailer and the billing code can use
 * them synchronously; every save goes to the database first, then to the cache and listeners.
 */
export class IntegrationStore {
  private readonly cache = new Map<IntegrationKey, Settings>();
  private readonly listeners: ((key: IntegrationKey, remote: boolean) => void)[] = [];

  constructor(private readonly db: Db) {}

  async load(): Promise<void> {
    const rows = await this.db.kysely.selectFrom('integrations').selectAll().execute();
    this.cache.clear();
    for (const row of rows) {
      if (row.key in INTEGRATIONS)
        this.cache.set(row.key as IntegrationKey, toSettings(row.settings));
    }
  }

  /**
   * Re-reads the settings after another instance saved them (or may have: `key` undefined), and
   * tells the listeners of what changed, as a save here does.
   */
  async reload(key?: string): Promise<void> {
    const before = new Map(this.cache);
    await this.load();
    for (const k of INTEGRATION_KEYS) {
      if (key !== undefined && k !== key) continue;
      if (JSON.stringify(before.get(k)) === JSON.stringify(this.cache.get(k))) continue;
      for (const listener of this.listeners) listener(k, true);
    }
  }

  /** Stored settings, secrets included: server-side use only. */
  get(key: IntegrationKey): Settings {
    return this.cache.get(key) ?? {};
  }

  /** Settings of an integration that is switched on, or null. */
  enabled(key: IntegrationKey): Settings | null {
    const settings = this.get(key);
    return settings.enabled === true ? settings : null;
  }

  list(): IntegrationView[] {
    return INTEGRATION_KEYS.map((key) => this.view(key));
  }

  view(key: IntegrationKey): IntegrationView {
    return { key, title: INTEGRATIONS[key].title, settings: publicSettings(key, this.get(key)) };
  }

  async save(
    key: IntegrationKey,
    input: Record<string, unknown>,
    now = Date.now(),
  ): Promise<IntegrationView> {
    const settings = mergeSettings(key, this.get(key), input);
    const text = JSON.stringify(settings);
    await this.db.kysely
      .insertInto('integrations')
      .values({ key, settings: text, updated: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ settings: text, updated: now }))
      .execute();
    this.cache.set(key, settings);
    for (const listener of this.listeners) listener(key, false);
    return this.view(key);
  }

  /** `remote`: saved on another instance and re-read here. */
  onChange(listener: (key: IntegrationKey, remote: boolean) => void): void {
    this.listeners.push(listener);
  }
}
