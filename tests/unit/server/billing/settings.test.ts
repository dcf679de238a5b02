import { describe, expect, it } from 'vitest';
import { billingSettings } from '../../../../server/billing/settings';

describe('due dates and settings', () => {
  it('takes each value from the request, else the user, else the server', () => {
    const s = billingSettings(
      {
        'tarkan.enableBilling': true,
        'tarkan.billingPrice': '4990',
        'tarkan.billingFineMode': 'PERCENTAGE',
      },
      { 'tarkan.billingPrice': 100, 'tarkan.billingInterest': 1, 'tarkan.billingSuspension': true },
      { 'tarkan.billingPrice': 1500 },
    );
    expect(s).toMatchObject({ enabled: true, priceCents: 1500, suspension: true, trustDays: 3 });
    expect(s.terms).toMatchObject({ interest: 1, fineMode: 'PERCENTAGE' });
  });
});
