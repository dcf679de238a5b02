import { describe, expect, it } from 'vitest';
import { encodePerms, type User } from '../../../../model';
import type { ServerSettings } from '../../../../server/db/servers';
import { makeActor } from '../../../../server/access/actor';
import {
  DEFAULT_SHARE_MS,
  MAX_SHARE_MS,
  shareDenial,
  shareDeviceIds,
  shareExpiration,
  shareLimitCommands,
} from '../../../../server/shares/rules';

const user = (fields: Partial<User> = {}): User =>
  ({
    id: 7,
    administrator: false,
    readonly: false,
    deviceReadonly: false,
    limitCommands: false,
    disableReports: false,
    fixedEmail: false,
    attributes: {},
    ...fields,
  }) as User;

const server = (advanced = false) =>
  ({
    readonly: false,
    deviceReadonly: false,
    limitCommands: false,
    disableReports: false,
    fixedEmail: false,
    attributes: advanced ? { 'tarkan.enableAdvancedPerms': true } : {},
  }) as unknown as ServerSettings;

describe('share rules', () => {
  it('lets users share, refuses share users and readonly writes', () => {
    expect(shareDenial(makeActor(user(), server(), true), 'create')).toBeNull();
    expect(
      shareDenial(makeActor(user({ attributes: { isShared: 3 } }), server(), true), 'read'),
    ).toBe('Access denied');
    const readonly = makeActor(user({ readonly: true }), server(), true);
    expect(shareDenial(readonly, 'read')).toBeNull();
    expect(shareDenial(readonly, 'create')).toBe('Account is readonly');
    expect(shareDenial(readonly, 'delete')).toBe('Account is readonly');
    expect(
      shareDenial(
        makeActor(user({ administrator: true, readonly: true }), server(), true),
        'create',
      ),
    ).toBeNull();
  });

  it('needs bits 24–27 when advanced permissions are on', () => {
    const perms = (names: Parameters<typeof encodePerms>[0]) =>
      makeActor(
        user({ attributes: { 'tarkan.advancedPerms': encodePerms(names) } }),
        server(true),
        true,
      );
    expect(shareDenial(perms([]), 'read')).toBe('Access denied');
    expect(shareDenial(perms(['shares']), 'read')).toBeNull();
    expect(shareDenial(perms(['shares']), 'create')).toBe('Write access denied');
    expect(shareDenial(perms(['shareCreate']), 'create')).toBeNull();
    expect(shareDenial(perms(['shareEdit']), 'edit')).toBeNull();
    expect(shareDenial(perms(['shareEdit']), 'delete')).toBe('Write access denied');
    expect(shareDenial(perms(['shareDelete']), 'delete')).toBeNull();
  });

  it('defaults and bounds the expiration', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(shareExpiration(null, now)).toBe(now + DEFAULT_SHARE_MS);
    expect(shareExpiration(undefined, now)).toBe(now + DEFAULT_SHARE_MS);
    expect(shareExpiration('2026-01-01T01:00:00Z', now)).toBe(now + 3_600_000);
    expect(() => shareExpiration('2025-12-31T23:59:59Z', now)).toThrow('in the future');
    expect(() => shareExpiration('x', now)).toThrow('Invalid expiration time');
    expect(() => shareExpiration(new Date(now + MAX_SHARE_MS + 1).toISOString(), now)).toThrow(
      'too far',
    );
  });

  it('never grants more commands than the owner has', () => {
    expect(shareLimitCommands(makeActor(user(), server(), true), undefined)).toBe(true);
    expect(shareLimitCommands(makeActor(user(), server(), true), false)).toBe(false);
    expect(
      shareLimitCommands(makeActor(user({ limitCommands: true }), server(), true), false),
    ).toBe(true);
  });

  it('takes deviceIds or deviceId', () => {
    expect(shareDeviceIds(3, undefined)).toEqual([3]);
    expect(shareDeviceIds(3, [4, 4, 5])).toEqual([4, 5]);
    expect(() => shareDeviceIds(undefined, [])).toThrow('Device is required');
    expect(() => shareDeviceIds(0, undefined)).toThrow('Device is required');
  });
});
