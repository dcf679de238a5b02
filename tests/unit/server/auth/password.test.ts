import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../../../server/auth/password';
import { randomPassword, randomToken, sha256 } from '../../../../server/auth/secrets';

describe('password hashing', () => {
  it('produces a self-describing scrypt hash that verifies', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(hash).not.toContain('correct horse');
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsf', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts: the same password hashes differently each time', async () => {
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same', a)).toBe(true);
    expect(await verifyPassword('same', b)).toBe(true);
  });

  it('verifies with the parameters stored in the hash', async () => {
    const hash = await hashPassword('pw');
    const parts = hash.split('$');
    // Same salt and key but claiming other parameters must not verify.
    expect(
      await verifyPassword('pw', ['scrypt', '1024', '8', '1', parts[4], parts[5]].join('$')),
    ).toBe(false);
  });

  it('rejects malformed or hostile hashes without throwing', async () => {
    for (const bad of [
      '',
      'plain',
      'scrypt$1$2$3',
      'bcrypt$16384$8$1$a$b',
      'scrypt$99999999$8$1$AA$AA',
    ]) {
      expect(await verifyPassword('x', bad)).toBe(false);
    }
  });

  it('normalises Unicode so the same visible password matches', async () => {
    const hash = await hashPassword('caf\u00e9');
    expect(await verifyPassword('cafe\u0301', hash)).toBe(true);
  });

  it('dummy verification always fails', async () => {
    expect(await verifyAgainstDummy('frota-dummy-password')).toBe(false);
  });
});

describe('secrets', () => {
  it('random tokens are 32 bytes of base64url and unique', () => {
    const tokens = new Set(Array.from({ length: 100 }, randomToken));
    expect(tokens.size).toBe(100);
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('sha256 is hex and deterministic', () => {
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('generated passwords have the asked length and no look-alike characters', () => {
    const pw = randomPassword(16);
    expect(pw).toHaveLength(16);
    expect(pw).not.toMatch(/[0O1lI]/);
    expect(randomPassword(16)).not.toBe(pw);
  });
});
