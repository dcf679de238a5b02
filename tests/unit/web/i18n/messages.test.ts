import { readFileSync } from 'node:fs';
import englishMessages from 'ra-language-english';
import { createI18nProvider as createAppI18nProvider } from '../../../../src/i18n';
import { createI18nProvider, messages, translator } from '../i18nCatalogs';
import enUS from '../../../../src/i18n/messages/enUS';
import esES from '../../../../src/i18n/messages/esES';
import ptBR from '../../../../src/i18n/messages/ptBR';
import raEsES from '../../../../src/i18n/ra/raEsES';
import raPtBR from '../../../../src/i18n/ra/raPtBR';
import coreEnUS from '../../../../src/i18n/messages/core/enUS';
import coreEsES from '../../../../src/i18n/messages/core/esES';
import corePtBR from '../../../../src/i18n/messages/core/ptBR';
import publicEnUS from '../../../../src/i18n/messages/public/enUS';
import publicEsES from '../../../../src/i18n/messages/public/esES';
import publicPtBR from '../../../../src/i18n/messages/public/ptBR';

const leaves = (tree: object, prefix = ''): Map<string, string> => {
  const result = new Map<string, string>();
  Object.entries(tree).forEach(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') result.set(path, value);
    else leaves(value as object, path).forEach((text, leaf) => result.set(leaf, text));
  });
  return result;
};

const placeholders = (text: string) => (text.match(/%\{\w+\}/g) ?? []).sort();

describe.each([
  ['pt-BR first-screen messages', coreEnUS, corePtBR],
  ['es-ES first-screen messages', coreEnUS, coreEsES],
  ['pt-BR app messages', enUS, ptBR],
  ['es-ES app messages', enUS, esES],
  ['pt-BR public messages', publicEnUS, publicPtBR],
  ['es-ES public messages', publicEnUS, publicEsES],
  ['pt-BR react-admin messages', englishMessages, raPtBR],
  ['es-ES react-admin messages', englishMessages, raEsES],
])('%s', (_, source, translation) => {
  const expected = leaves(source);
  const actual = leaves(translation);

  it('has exactly the English keys', () => {
    expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
  });

  it('keeps every placeholder and plural form', () => {
    expected.forEach((english, key) => {
      const translated = actual.get(key) ?? '';
      expect(placeholders(translated), key).toEqual(placeholders(english));
      expect(translated.split('||||').length, key).toBe(english.split('||||').length);
    });
  });

  it('translates every non-trivial message', () => {
    const untranslated = [...expected].filter(
      ([key, english]) =>
        english.length > 12 && !english.startsWith('%{') && actual.get(key) === english,
    );
    expect(untranslated).toEqual([]);
  });
});

describe('resource names', () => {
  // Page titles ("Criar Evento") come from `resources.<name>.name`; a resource without one shows
  // its raw name in every language.
  const app = readFileSync('src/App.tsx', 'utf8');
  const names = [...app.matchAll(/<Resource name="([\w-]+)"/g)].map((match) => match[1]);

  it.each(['pt-BR', 'es-ES', 'en-US'] as const)('are all translated in %s', (locale) => {
    const provider = createI18nProvider(locale);
    expect(names.length).toBeGreaterThan(5);
    const missing = names.filter(
      (name) => provider.translate(`resources.${name}.name`, { smart_count: 1, _: '' }) === '',
    );
    expect(missing).toEqual([]);
  });
});

describe('i18nProvider', () => {
  it('translates react-admin and app keys in each locale', () => {
    expect(createI18nProvider('pt-BR').translate('ra.auth.logout')).toBe('Sair');
    expect(createI18nProvider('es-ES').translate('login.username')).toBe('Usuario');
    expect(createI18nProvider('en-US').translate('login.username')).toBe('Username');
  });

  it('uses the Portuguese plural rule where 0 is singular', () => {
    const provider = createI18nProvider('pt-BR');
    expect(provider.translate('ra.action.bulk_actions', { smart_count: 0 })).toBe(
      '1 item selecionado',
    );
    expect(provider.translate('ra.action.bulk_actions', { smart_count: 3 })).toBe(
      '3 itens selecionados',
    );
  });

  it('sets the page language on start and on change', async () => {
    const provider = createI18nProvider('es-ES');
    expect(document.documentElement.lang).toBe('es-ES');
    await provider.changeLocale('en-US');
    expect(document.documentElement.lang).toBe('en-US');
    expect(provider.translate('menu.map')).toBe('Map');
  });

  it("gives react-admin's own words in each language", () => {
    expect(Object.keys(messages)).toEqual(['en-US', 'pt-BR', 'es-ES']);
    const merged = messages['pt-BR'] as { ra: { action: Record<string, string> } };
    expect(merged.ra.action.save).toBe('Salvar');
  });
});

describe('the three catalogue chunks', () => {
  // The catalogue is merged shallowly from them: a namespace in two would lose one side's keys.
  it.each([
    ['en-US', englishMessages, coreEnUS, enUS, publicEnUS],
    ['pt-BR', raPtBR, corePtBR, ptBR, publicPtBR],
    ['es-ES', raEsES, coreEsES, esES, publicEsES],
  ] as const)('share no top-level key in %s', (_, ra, core, app, publicPart) => {
    const parts = [ra, core, app, publicPart].map((part) => Object.keys(part));
    const all = parts.flat();
    expect(all.filter((key, index) => all.indexOf(key) !== index)).toEqual([]);
    parts.forEach((keys) => expect(keys.length).toBeGreaterThan(0));
  });
});

describe('a catalogue completed after the first screen', () => {
  it('translates the rest of the app once complete() has loaded it, in the same language', async () => {
    const loadMore = vi.fn(async () => ptBR);
    const provider = createAppI18nProvider(
      'pt-BR',
      { ...raPtBR, ...corePtBR, ...publicPtBR },
      {
        loadMore,
      },
    );
    // The first screen's words are there; a management screen's are not yet.
    expect(provider.translate('menu.map')).toBe('Mapa');
    expect(provider.translate('statistics.title')).toBe('statistics.title');
    await Promise.all([provider.complete(), provider.complete()]);
    expect(loadMore).toHaveBeenCalledTimes(1);
    expect(loadMore).toHaveBeenCalledWith('pt-BR');
    expect(provider.getLocale()).toBe('pt-BR');
    expect(provider.translate('statistics.title')).toBe('Estatísticas');
    expect(provider.translate('menu.map')).toBe('Mapa');
    await provider.complete();
    expect(loadMore).toHaveBeenCalledTimes(1);
  });
});

describe('computed attribute types', () => {
  it('are translated in every language', () => {
    expect(translator('pt-BR')('admin.computed.types.number')).toBe('Número');
    expect(translator('es-ES')('admin.computed.types.number')).not.toBe('number');
  });
});

describe('speed limits at the form boundary', () => {
  it('no form label names knots unless the user chose them', () => {
    for (const locale of ['pt-BR', 'es-ES', 'en-US'] as const) {
      const t = translator(locale);
      for (const key of [
        'resources.geofence.fields.attributes.speedLimit',
        'resources.device-admin.fields.attributes.speedLimit',
      ]) {
        expect(t(key)).not.toMatch(/nós|nudos|knots|\bkn\b/);
      }
    }
  });
});
