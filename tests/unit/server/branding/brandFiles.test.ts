import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultBrand } from '../../../../model';
import { readBrandConfig } from '../../../../server/branding/brandFiles';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'frota-brand-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const save = async (text: string) => {
  await mkdir(path.join(dir, 'custom'), { recursive: true });
  await writeFile(path.join(dir, 'custom', 'config.json'), text);
};

describe('readBrandConfig', () => {
  it('returns the defaults when nothing is saved', async () => {
    expect(await readBrandConfig(dir)).toEqual(defaultBrand);
  });

  it('merges a saved config over the defaults', async () => {
    await save(JSON.stringify({ title: 'Acme Track', extra: 1 }));
    expect(await readBrandConfig(dir)).toEqual({ ...defaultBrand, title: 'Acme Track', extra: 1 });
  });

  it('ignores damaged files and badly typed keys', async () => {
    await save('{not json');
    expect(await readBrandConfig(dir)).toEqual(defaultBrand);
    await save('[1,2]');
    expect(await readBrandConfig(dir)).toEqual(defaultBrand);
    await save(JSON.stringify({ title: 5, headLogo: 'x', whatsapp: '55' }));
    expect(await readBrandConfig(dir)).toEqual({ ...defaultBrand, whatsapp: '55' });
  });
});
