import { describe, expect, it } from 'vitest';
import { afterTrustUnlock, nextAccountState, trustRefusal } from '../../../../server/billing/rules';
import { billingSettings } from '../../../../server/billing/settings';
import { billingAccount as account } from '../../../support/billingAccount';

const DAY = 86_400_000;

const settings = billingSettings(
  {
    'tarkan.enableBilling': true,
    'tarkan.billingSuspension': true,
    'tarkan.billingSuspensionDays': 5,
    'tarkan.billingTrustUnlock': true,
    'tarkan.billingTrustUnlockDays': 2,
  },
  {},
);

describe('suspension and trust rules', () => {
  it('suspends only more than N days after the oldest overdue due date', () => {
    expect(nextAccountState(account(), settings, ['2024-05-10'], '2024-05-15').suspended).toBe(
      false,
    );
    expect(
      nextAccountState(account(), settings, ['2024-05-20', '2024-05-10'], '2024-05-16').suspended,
    ).toBe(true);
  });

  it('never suspends an exempt user or one without automatic suspension', () => {
    expect(
      nextAccountState(account({ exempt: true }), settings, ['2024-01-01'], '2024-05-16').suspended,
    ).toBe(false);
    const off = billingSettings({ 'tarkan.enableBilling': true }, {});
    expect(nextAccountState(account(), off, ['2024-01-01'], '2024-05-16').suspended).toBe(false);
  });

  it('lifts an automatic suspension and restores the trust once nothing is overdue, not a manual one', () => {
    const lifted = nextAccountState(
      account({ suspended: true, trustUsed: true, graceUntil: 5 }),
      settings,
      [],
      '2024-05-16',
    );
    expect(lifted).toMatchObject({ suspended: false, trustUsed: false, graceUntil: null });
    expect(
      nextAccountState(account({ suspended: true, manual: true }), settings, [], '2024-05-16')
        .suspended,
    ).toBe(true);
  });

  it('trust-unlocks once for the configured days', () => {
    const now = Date.UTC(2024, 4, 16);
    const suspended = account({ suspended: true });
    expect(trustRefusal(suspended, settings, now)).toBeNull();
    const unlocked = afterTrustUnlock(suspended, settings, now);
    expect(unlocked.graceUntil).toBe(now + 2 * DAY);
    expect(trustRefusal(unlocked, settings, now + 3 * DAY)).toBe('Already trust');
    expect(trustRefusal(account(), settings, now)).toBe('Account is not suspended');
    expect(trustRefusal(suspended, billingSettings({}, {}), now)).toBe(
      'Trust unlock not available',
    );
  });
});
