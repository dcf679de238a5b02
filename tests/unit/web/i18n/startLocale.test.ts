import { detectStartLocale } from '../../../../src/i18n/startLocale';

const visit = (search: string) => window.history.replaceState(null, '', `/${search}`);

describe('detectStartLocale', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => visit(''));

  it('remembers a ?locale= choice for the next page load, like the language menu', () => {
    visit('?locale=es-ES');
    expect(detectStartLocale()).toBe('es-ES');
    visit('');
    expect(detectStartLocale()).toBe('es-ES');
  });

  it('a later ?locale= replaces the remembered one', () => {
    visit('?locale=en');
    detectStartLocale();
    visit('?locale=es');
    expect(detectStartLocale()).toBe('es-ES');
    visit('');
    expect(detectStartLocale()).toBe('es-ES');
  });

  it('an unsupported ?locale= is not remembered', () => {
    localStorage.setItem('frota.locale', 'en-US');
    visit('?locale=fr-FR');
    expect(detectStartLocale()).toBe('en-US');
    expect(localStorage.getItem('frota.locale')).toBe('en-US');
  });
});
