import { chooseLocale, matchLocale } from '../../../../src/i18n/chooseLocale';

describe('chooseLocale', () => {
  it('takes ?locale= before everything else', () => {
    expect(
      chooseLocale({
        search: '?locale=es-ES',
        stored: 'en-US',
        languages: ['pt-BR'],
        documentLang: 'pt-BR',
      }),
    ).toBe('es-ES');
  });

  it('matches the query case-insensitively and by language prefix', () => {
    expect(chooseLocale({ search: '?locale=en-us' })).toBe('en-US');
    expect(chooseLocale({ search: '?foo=1&locale=es' })).toBe('es-ES');
  });

  it('ignores an unsupported query value and falls through to the stored choice', () => {
    expect(chooseLocale({ search: '?locale=fr-FR', stored: 'en-US', languages: ['es-ES'] })).toBe(
      'en-US',
    );
  });

  it('uses the stored choice before the browser languages', () => {
    expect(chooseLocale({ stored: 'es-ES', languages: ['en-US'] })).toBe('es-ES');
  });

  it('ignores a stored value that is not a supported locale', () => {
    expect(chooseLocale({ stored: 'de-DE', languages: ['en-US'] })).toBe('en-US');
  });

  it('matches browser languages by exact tag', () => {
    expect(chooseLocale({ languages: ['es-ES', 'en-US'] })).toBe('es-ES');
  });

  it('matches browser languages by language prefix, in preference order', () => {
    expect(chooseLocale({ languages: ['en-GB', 'pt-BR'] })).toBe('en-US');
    expect(chooseLocale({ languages: ['pt-PT'] })).toBe('pt-BR');
    expect(chooseLocale({ languages: ['es-MX'] })).toBe('es-ES');
  });

  it('skips unsupported browser languages', () => {
    expect(chooseLocale({ languages: ['fr-FR', 'de', 'es-AR'] })).toBe('es-ES');
  });

  it('falls back to the page language', () => {
    expect(chooseLocale({ languages: ['fr-FR'], documentLang: 'en' })).toBe('en-US');
  });

  it('defaults to pt-BR when nothing matches', () => {
    expect(chooseLocale({ search: '?locale=xx', languages: ['ja-JP'], documentLang: 'de' })).toBe(
      'pt-BR',
    );
    expect(chooseLocale({})).toBe('pt-BR');
  });
});

describe('matchLocale', () => {
  it('normalises underscores and rejects empty or unknown tags', () => {
    expect(matchLocale('pt_br')).toBe('pt-BR');
    expect(matchLocale('')).toBeNull();
    expect(matchLocale(null)).toBeNull();
    expect(matchLocale('it-IT')).toBeNull();
  });
});
