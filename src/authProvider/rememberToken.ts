/**
 * Remember-me keeps only a revocable server-issued token, never the password
 * (the original stored `btoa(user|password)` and replayed it on every load).
 */
export const REMEMBER_TOKEN_KEY = 'frota.rememberToken';

export const REMEMBER_DAYS = 30;

export const readRememberToken = (): string | null => {
  try {
    return localStorage.getItem(REMEMBER_TOKEN_KEY);
  } catch {
    return null;
  }
};

export const storeRememberToken = (token: string): void => {
  try {
    localStorage.setItem(REMEMBER_TOKEN_KEY, token);
  } catch {
    // Storage may be disabled (private mode); the user then simply is not remembered.
  }
};

export const clearRememberToken = (): void => {
  try {
    localStorage.removeItem(REMEMBER_TOKEN_KEY);
  } catch {
    // Nothing stored if storage is unavailable.
  }
};
