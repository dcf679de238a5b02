import { describe, expect, it } from 'vitest';
import { GROUP_DEPTH, groupChain } from '../../../model/groupChain';

const parents = (pairs: Record<number, number>) => (id: number) => pairs[id];

describe('a group chain', () => {
  it('is the group and its parents, nearest first', () => {
    expect(groupChain(3, parents({ 3: 2, 2: 1, 1: 0 }))).toEqual([3, 2, 1]);
  });

  it('stops three levels up, however deep the data', () => {
    expect(GROUP_DEPTH).toBe(3);
    expect(groupChain(5, parents({ 5: 4, 4: 3, 3: 2, 2: 1 }))).toEqual([5, 4, 3]);
  });

  it('is empty for a device without a group and stops at an unknown parent', () => {
    expect(groupChain(0, parents({}))).toEqual([]);
    expect(groupChain(7, parents({ 7: 9 }))).toEqual([7, 9]);
    expect(groupChain(7, () => null)).toEqual([7]);
  });

  it('never names a group twice when the data holds a cycle', () => {
    expect(groupChain(1, parents({ 1: 2, 2: 1 }))).toEqual([1, 2]);
  });
});
