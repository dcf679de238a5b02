import { diffText, diffValues } from '../../../../src/logs/valueDiff';

describe('audit value diff', () => {
  it('lists changed, added and removed leaves as plain text', () => {
    const lines = diffValues(
      { name: 'A', attributes: { color: 'red', old: 1 }, groupId: 0 },
      {
        name: 'A <img src=x onerror=alert(1)>',
        attributes: { color: 'red', plate: 'X' },
        groupId: 0,
      },
    );
    expect(diffText(lines)).toBe(
      [
        '- attributes.old: 1',
        '+ attributes.plate: "X"',
        '~ name: "A" → "A <img src=x onerror=alert(1)>"',
      ].join('\n'),
    );
  });

  it('shows a creation as additions and a deletion as removals', () => {
    expect(diffText(diffValues(undefined, { id: 3 }))).toBe('+ id: 3');
    expect(diffText(diffValues({ id: 3 }, null))).toBe('- id: 3');
    expect(diffValues({ a: 1 }, { a: 1 })).toEqual([]);
  });
});
