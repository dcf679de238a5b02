import { hashPassword } from '../auth/password';
import { randomPassword } from '../auth/secrets';
import type { Db } from '../db/database';
import { countUsers, insertUser } from '../db/users';
import { newUserFields } from './defaults';
import { checkPassword } from './validation';

interface FirstAdminResult {
  created: boolean;
  /** Set only when the password was generated; the caller shows it once. */
  generatedPassword: string | null;
}

/** Creates the first administrator on an empty database; a no-op otherwise. */
export async function ensureFirstAdmin(
  db: Db,
  email: string,
  password: string | null,
): Promise<FirstAdminResult> {
  if ((await countUsers(db)) > 0) return { created: false, generatedPassword: null };
  const generated = password === null ? randomPassword(16) : null;
  // A weak ADMIN_PASSWORD stops the start with the reason, rather than guard the administrator.
  const hashed = await hashPassword(checkPassword(password ?? generated, { email }));
  // Named in the interface's default language (Portuguese, the same word in Spanish): the name
  // shows in the bar of every new installation until someone changes it.
  await insertUser(
    db,
    { ...newUserFields(), name: 'Administrador', email, administrator: true },
    hashed,
  );
  return { created: true, generatedPassword: generated };
}

export function passwordBanner(email: string, password: string): string {
  const line = '='.repeat(64);
  return [
    line,
    '  Frota: first administrator created',
    `  login:    ${email}`,
    `  password: ${password}`,
    '  This password is shown only once. Sign in and change it.',
    line,
  ].join('\n');
}
