import { describe, expect, it } from 'vitest';
import { attributeSetter, isSelfEditableAttribute } from '../../../../model/userAttributes';
import { keepProtectedAttributes } from '../../../../server/users/protectedAttributes';

describe('protected user attributes', () => {
  it('names who may set each key that grants or limits rights', () => {
    expect(attributeSetter('tarkan.advancedPerms')).toBe('manager');
    for (const key of [
      'tarkan.reseller',
      'tarkan.subReseller',
      'tarkan.domainReseller',
      'tarkan.limitReseller',
    ]) {
      expect(attributeSetter(key)).toBe('manager');
    }
    for (const key of [
      'tarkan.enableBilling',
      'tarkan.billingPrice',
      'tarkan.billingTrustUnlock',
      'tarkan.isQrDriverId',
      'tarkan.isQrDeviceId',
      'tarkan.qrCheckInTime',
      'isShared',
    ]) {
      expect(attributeSetter(key)).toBe('admin');
    }
  });

  it('leaves preferences to the user', () => {
    for (const key of [
      'language',
      'tarkan.lang',
      'timezone',
      'speedUnit',
      'distanceUnit',
      'notificationTokens',
      'termsAccepted',
      'telegramChatId',
      'tarkan.address',
    ]) {
      expect(isSelfEditableAttribute(key)).toBe(true);
    }
    // Prefix entries match whole key starts, not look-alikes.
    expect(isSelfEditableAttribute('tarkanXbillingPrice')).toBe(true);
    expect(isSelfEditableAttribute('isSharedView')).toBe(true);
  });

  it('keeps stored protected keys for anyone the list does not name', () => {
    const stored = {
      'tarkan.advancedPerms': 'A'.repeat(32),
      'tarkan.billingPrice': 10,
      language: 'pt',
    };
    const sent = { 'tarkan.advancedPerms': 'F'.repeat(32), isShared: 1, language: 'es' };
    expect(keepProtectedAttributes(stored, {}, 'self')).toEqual({
      'tarkan.advancedPerms': 'A'.repeat(32),
      'tarkan.billingPrice': 10,
    });
    expect(keepProtectedAttributes(stored, sent, 'self')).toEqual({
      'tarkan.advancedPerms': 'A'.repeat(32),
      'tarkan.billingPrice': 10,
      language: 'es',
    });
    expect(keepProtectedAttributes(stored, sent, 'manager')).toEqual({
      'tarkan.advancedPerms': 'F'.repeat(32),
      'tarkan.billingPrice': 10,
      language: 'es',
    });
    expect(keepProtectedAttributes(stored, sent, 'admin')).toEqual(sent);
  });
});
