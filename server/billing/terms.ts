/**
 * Billing terms and their maths, in integer cents. Fine and discount are FIXED (cents) or
 * PERCENTAGE (of the invoice value); interest is a percentage per month, charged pro rata per
 * day late (30-day month); a discount applies up to `discountDays` days before the due date.
 */
export type AmountMode = 'FIXED' | 'PERCENTAGE';

export interface InvoiceTerms {
  fine: number;
  fineMode: AmountMode;
  /** Percent per month. */
  interest: number;
  discount: number;
  discountMode: AmountMode;
  discountDays: number;
}

export const NO_TERMS: InvoiceTerms = {
  fine: 0,
  fineMode: 'FIXED',
  interest: 0,
  discount: 0,
  discountMode: 'FIXED',
  discountDays: 0,
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DD` (UTC) of an instant. */
export const isoDay = (millis: number): string => new Date(millis).toISOString().slice(0, 10);

/** Whole days from `from` to `to`, both `YYYY-MM-DD`. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

const portion = (valueCents: number, amount: number, mode: AmountMode): number =>
  mode === 'PERCENTAGE' ? Math.round((valueCents * amount) / 100) : Math.round(amount);

const fineCents = (valueCents: number, terms: InvoiceTerms): number =>
  portion(valueCents, terms.fine, terms.fineMode);

const interestCents = (valueCents: number, terms: InvoiceTerms, daysLate: number): number =>
  daysLate <= 0 ? 0 : Math.round((valueCents * terms.interest * daysLate) / 100 / 30);

const discountCents = (valueCents: number, terms: InvoiceTerms): number =>
  Math.min(valueCents, portion(valueCents, terms.discount, terms.discountMode));

/** What is owed when paying on `payDay`: discounted early, plus fine and interest when late. */
export function amountDue(
  valueCents: number,
  terms: InvoiceTerms,
  dueDate: string,
  payDay: string,
): number {
  const late = daysBetween(dueDate, payDay);
  if (late > 0)
    return valueCents + fineCents(valueCents, terms) + interestCents(valueCents, terms, late);
  if (terms.discount > 0 && -late >= terms.discountDays) {
    return valueCents - discountCents(valueCents, terms);
  }
  return valueCents;
}

/** The next date with day-of-month `day` (clamped to the month's length) on or after `today`. */
export function nextDueDate(day: number, today: string): string {
  const [year, month] = today.split('-').map(Number);
  const candidate = (y: number, m: number) => {
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const d = Math.min(Math.max(1, Math.trunc(day)), last);
    return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  };
  const thisMonth = candidate(year, month);
  if (thisMonth >= today) return thisMonth;
  return month === 12 ? candidate(year + 1, 1) : candidate(year, month + 1);
}
