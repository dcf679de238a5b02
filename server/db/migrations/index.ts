import type { FrotaMigration } from './types';
import { initial } from './0001_initial';

/**
 * Every migration, keyed by a name that sorts in apply order. Append new ones here; never
 * rename or edit one that has shipped.
 */
export const migrations: Record<string, FrotaMigration> = {
  '0001_initial': initial,
};
