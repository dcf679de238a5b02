import { fromForm } from '../../common/formAttributes';

type UserData = Record<string, unknown> & { attributes?: Record<string, unknown> };

/**
 * Form → API: attribute keys restored, an untouched (empty) password and the TOTP key left out so
 * they stay as they are, and the language kept under both names the product reads (`tarkan.lang`,
 * `language`).
 */
export const userTransform = (data: UserData): UserData => {
  // The TOTP key has its own screen (the account page's two-step verification); a form must
  // never send back the key it loaded, which could undo a change made there meanwhile.
  const user = { ...fromForm(data) };
  delete user.totpKey;
  const { password, ...rest } = user;
  const result: UserData = typeof password === 'string' && password !== '' ? user : rest;
  const attributes = { ...(result.attributes ?? {}) };
  if (typeof attributes['tarkan.lang'] === 'string')
    attributes.language = attributes['tarkan.lang'];
  else delete attributes.language;
  return { ...result, attributes };
};
