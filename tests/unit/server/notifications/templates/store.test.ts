import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../../../server/db/database';
import { IllegalArgumentException } from '../../../../../server/errors';
import {
  listTemplates,
  loadOverrides,
  resetTemplate,
  saveTemplate,
  templateFor,
} from '../../../../../server/notifications/templates/store';
import {
  closeTarget,
  openMigrated,
  postgresTarget,
  sqliteTarget,
} from '../../../../support/dialects';

describe.each([sqliteTarget(), postgresTarget()])('template store on $name', (target) => {
  let db: Db;

  beforeAll(async () => {
    db = await openMigrated(target);
  }, 120_000);
  afterAll(async () => {
    await closeTarget(target, db);
  });

  it('stores an edit per type and language, replaces it, and forgets it on reset', async () => {
    await saveTemplate(db, 'alarm', 'es-ES', { subject: '{device}!', body: '{alarm}' }, 1);
    await saveTemplate(db, 'alarm', 'es-ES', { subject: '{device}: {alarm}!', body: 'x' }, 2);
    const overrides = await loadOverrides(db);
    expect(templateFor(overrides, 'alarm', 'es-ES')).toEqual({
      subject: '{device}: {alarm}!',
      body: 'x',
    });
    // The other languages keep the default.
    expect(templateFor(overrides, 'alarm', 'pt-BR').subject).toBe('{device}: {alarm}');
    const listed = await listTemplates(db, 'es-ES');
    expect(listed.filter((template) => template.custom).map((t) => t.type)).toEqual(['alarm']);
    await resetTemplate(db, 'alarm', 'es-ES');
    expect((await loadOverrides(db)).size).toBe(0);
  });

  it('writes nothing for a template it refuses', async () => {
    await expect(
      saveTemplate(db, 'deviceOnline', 'en-US', { subject: '{plate}', body: 'x' }),
    ).rejects.toBeInstanceOf(IllegalArgumentException);
    expect((await loadOverrides(db)).size).toBe(0);
  });
});
