import { fromForm } from '../../common/formAttributes';

type UserData = Record<string, unknown> & { attributes?: Record<string, unknown> };

/**
 * Form → API: attribute keys restored, an untouched (empty) password left out so it stays as it
 * is, and the language kept under both names the product reads (`tarkan.lang`, `language`).
 */
export const userTransform = (data: UserData): UserData => {
  const user = fromForm(data);
  const { password, ...rest } = user;
  const result: UserData = typeof password === 'string' && password !== '' ? user : rest;
  const attributes = { ...(result.attributes ?? {}) };
  if (typeof attributes['tarkan.lang'] === 'string')
    attributes.language = attributes['tarkan.lang'];
  else delete attributes.language;
  return { ...result, attributes };
};
