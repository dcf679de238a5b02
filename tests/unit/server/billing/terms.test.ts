import { describe, expect, it } from 'vitest';
import { NO_TERMS, amountDue, nextDueDate } from '../../../../server/billing/terms';

describe('fine, interest and discount', () => {
  const terms = {
    ...NO_TERMS,
    fine: 2,
    fineMode: 'PERCENTAGE' as const,
    interest: 1,
    discount: 500,
    discountDays: 5,
  };

  it('charges the face value on the due date and between the discount window and it', () => {
    expect(amountDue(10_000, terms, '2024-05-10', '2024-05-10')).toBe(10_000);
    expect(amountDue(10_000, terms, '2024-05-10', '2024-05-07')).toBe(10_000);
  });

  it('discounts a fixed amount up to N days before the due date', () => {
    expect(amountDue(10_000, terms, '2024-05-10', '2024-05-05')).toBe(9_500);
    expect(
      amountDue(
        10_000,
        { ...terms, discount: 10, discountMode: 'PERCENTAGE' },
        '2024-05-10',
        '2024-05-01',
      ),
    ).toBe(9_000);
  });

  it('adds the fine and pro-rata monthly interest when late', () => {
    // 2% fine = 200; 1%/month over 15 days = 50.
    expect(amountDue(10_000, terms, '2024-05-10', '2024-05-25')).toBe(10_250);
    expect(
      amountDue(
        10_000,
        { ...terms, fine: 300, fineMode: 'FIXED', interest: 0 },
        '2024-05-10',
        '2024-05-11',
      ),
    ).toBe(10_300);
  });
});

describe('due dates and settings', () => {
  it('finds the next due day, clamped to short months', () => {
    expect(nextDueDate(10, '2024-05-03')).toBe('2024-05-10');
    expect(nextDueDate(10, '2024-05-11')).toBe('2024-06-10');
    expect(nextDueDate(31, '2024-02-01')).toBe('2024-02-29');
    expect(nextDueDate(5, '2024-12-20')).toBe('2025-01-05');
  });
});
