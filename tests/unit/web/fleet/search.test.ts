import { foldForSearch, searchMatches } from '../../../../model/search';
import { applyListParams } from '../../../../src/dataProvider/listParams';
import { matchesSearch, SearchIndex } from '../../../../src/fleet/search';
import { device } from '../liveFixtures';

describe('foldForSearch', () => {
  it('drops accents, case, spaces and hyphens', () => {
    expect(foldForSearch('Caminhão Baú')).toBe('caminhaobau');
    expect(foldForSearch('AÇÚCAR ÑANDÚ')).toBe('acucarnandu');
    expect(foldForSearch('ABC-1234')).toBe('abc1234');
    expect(foldForSearch('abc – 1234')).toBe('abc1234');
    expect(foldForSearch('  São\tPaulo  ')).toBe('saopaulo');
  });

  it('folds letters that carry no separable accent', () => {
    expect(foldForSearch('Straße')).toBe('strasse');
    expect(foldForSearch('Øresund Łódź')).toBe('oresundlodz');
  });

  it('keeps other characters as they are, so a query is plain text', () => {
    expect(foldForSearch('(a+b)*.[1]')).toBe('(a+b)*.[1]');
    expect(foldForSearch('Ônibus 12/3')).toBe('onibus12/3');
  });

  it('matches either way round: accents in the query or in the text', () => {
    expect(searchMatches('Caminhão 1', 'caminhao')).toBe(true);
    expect(searchMatches('Caminhao 1', 'CAMINHÃO')).toBe(true);
    expect(searchMatches('ABC-1234', 'abc1234')).toBe(true);
    expect(searchMatches('ABC1234', 'abc 12-34')).toBe(true);
    expect(searchMatches('Caminhão', 'caminhoes')).toBe(false);
    expect(searchMatches('anything', '  ')).toBe(true);
  });
});

describe('the live map device search folds accents', () => {
  const truck = device(7, { name: 'Caminhão Baú', attributes: { placa: 'ABC-1234' } });

  it('finds a device typed without its accents, or its plate without the hyphen', () => {
    expect(matchesSearch(truck, 'caminhao')).toBe(true);
    expect(matchesSearch(truck, 'CAMINHAO BAU')).toBe(true);
    expect(matchesSearch(truck, 'abc1234')).toBe(true);
    expect(matchesSearch(truck, 'carreta')).toBe(false);
  });

  it('gives the same answer from the index as from a scan', () => {
    const fleet = new Map([
      [truck.id, truck],
      [8, device(8, { name: 'Ônibus escolar' })],
    ]);
    const index = new SearchIndex();
    expect([...(index.matching(fleet, 'caminhao') ?? [])]).toEqual([7]);
    expect([...(index.matching(fleet, 'onibus') ?? [])]).toEqual([8]);
    expect([...(index.matching(fleet, 'ABC1234') ?? [])]).toEqual([7]);
  });

  it('matches the translated words given as extras without their accents', () => {
    expect(matchesSearch(device(9, {}), 'inativo', () => ['Inatívo'])).toBe(true);
  });
});

describe('the management lists search folds accents', () => {
  const rows = [
    { id: 1, name: 'Caminhão 1', attributes: { placa: 'ABC-1234' } },
    { id: 2, name: 'Ônibus', attributes: { placa: 'XYZ9A87' } },
    { id: 3, name: 'Van', attributes: { observations: 'Manutenção em março' } },
  ];
  const found = (q: string) => applyListParams(rows, { filter: { q } }).data.map((r) => r.id);

  it('finds names without accents and plates without hyphens, nested attributes too', () => {
    expect(found('caminhao')).toEqual([1]);
    expect(found('abc1234')).toEqual([1]);
    expect(found('ABC 1234')).toEqual([1]);
    expect(found('onibus')).toEqual([2]);
    expect(found('manutencao')).toEqual([3]);
    expect(found('xyz-9a87')).toEqual([2]);
  });

  it('never matches across two fields', () => {
    // "Van" then the observation: no field holds "vanmanu".
    expect(found('van manu')).toEqual([]);
  });

  it('keeps every row for a blank query', () => {
    expect(found('   ')).toEqual([1, 2, 3]);
  });
});
