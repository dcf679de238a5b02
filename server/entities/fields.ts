import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH, TYPE_MAX_LENGTH } from '../../model';

/** Fields that many entities share, so each definition spells only what is its own. */
export const attributes = { kind: 'json' } as const;
export const name = { kind: 'text', required: true, maxLength: NAME_MAX_LENGTH } as const;
export const uniqueId = { kind: 'text', required: true, maxLength: NAME_MAX_LENGTH } as const;
export const shortText = { kind: 'optText', maxLength: NAME_MAX_LENGTH } as const;
export const description = { kind: 'optText', maxLength: DESCRIPTION_MAX_LENGTH } as const;
export const type = { kind: 'text', required: true, maxLength: TYPE_MAX_LENGTH } as const;
