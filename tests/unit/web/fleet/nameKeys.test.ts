import { keyedOrder, nameKeyer } from '../../../../src/fleet/nameKeys';

const collatorFor = (locale: string) =>
  new Intl.Collator(locale, { sensitivity: 'base', numeric: true });

/** A seeded generator, so a failure names the same strings every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Names as fleets write them: letters of both cases, numbers with and without zeros, marks. */
function names(count: number, next: () => number): string[] {
  const pieces = ['a', 'B', 'z', 'Onix', 'HB', 'van', '0', '00', '7', '07', '10', '9', '123'];
  const marks = [' ', '  ', '-', '_', '.', '/', '(', ')', '#', '+', ',', ':', ';', '&'];
  return Array.from({ length: count }, () => {
    let name = '';
    const parts = 1 + Math.floor(next() * 5);
    for (let k = 0; k < parts; k++) {
      const from = next() < 0.3 ? marks : pieces;
      name += from[Math.floor(next() * from.length)];
    }
    return name;
  });
}

const sign = (n: number) => Math.sign(n);

describe.each(['pt-BR', 'es-ES', 'en-US'])('name keys in %s', (locale) => {
  const collator = collatorFor(locale);
  const keyOf = nameKeyer(collator);

  it('order every pair of plain names as the collator does', () => {
    expect(keyOf).not.toBeNull();
    const next = random(7);
    const list = names(2_000, next);
    for (let i = 0; i < 20_000; i++) {
      const a = list[Math.floor(next() * list.length)];
      const b = list[Math.floor(next() * list.length)];
      const [ka, kb] = [keyOf!(a), keyOf!(b)];
      expect(ka).not.toBeNull();
      const byKey = ka! < kb! ? -1 : ka! > kb! ? 1 : 0;
      if (byKey !== sign(collator.compare(a, b))) {
        throw new Error(`${JSON.stringify(a)} vs ${JSON.stringify(b)}: key ${byKey}`);
      }
    }
  });

  it('sort a fleet as the collator does, ties by id', () => {
    const list = names(3_000, random(11));
    const ids = list.map((_, i) => 3_000 - i);
    const order = keyedOrder(keyOf, list, ids);
    const expected = list
      .map((_, i) => i)
      .sort((a, b) => collator.compare(list[a], list[b]) || ids[a] - ids[b]);
    expect(order).toEqual(expected);
  });
});

describe('names the keys leave to the collator', () => {
  const keyOf = nameKeyer(collatorFor('pt-BR'));

  it('have no key: accents, other marks, other scripts, very long numbers', () => {
    for (const name of ['Caminhão 1', 'Ônibus', 'Van*2', 'Fiat Ñ', '車 1', `T ${'9'.repeat(16)}`]) {
      expect(keyOf!(name)).toBeNull();
    }
  });

  it('make the whole fleet sort by the collator', () => {
    expect(keyedOrder(keyOf, ['Van 2', 'Caminhão 1'], [1, 2])).toBeNull();
  });

  it('include every name under a collation that tailors ASCII letters', () => {
    // Danish sorts "aa" after "z": keys would get it wrong, so there are none.
    expect(nameKeyer(collatorFor('da-DK'))).toBeNull();
  });
});
