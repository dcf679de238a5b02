/** An invoice as carried by the suspended-account login error and the billing API. */
export interface Invoice {
  id: number;
  userId?: number;
  /** ISO date (`2024-05-10`) or date-time. */
  dueDate: string;
  /** Integer cents (R$ or $ by locale when shown). */
  value: number;
  status: InvoiceStatus | string;
  paidDate?: string | null;
  /** The payment provider's page for paying this invoice, when there is one. */
  link?: string | null;
  description?: string | null;
  created?: string;
  count?: number;
}

export const invoiceStatuses = [
  'PENDING',
  'RECEIVED_IN_CASH',
  'RECEIVED',
  'CONFIRMED',
  'OVERDUE',
  'REFUND_REQUESTED',
  'REFUND_IN_PROGRESS',
  'CHARGEBACK_REQUESTED',
  'CHARGEBACK_DISPUTE',
  'AWAITING_CHARGEBACK_REVERSAL',
  'DUNNING_REQUESTED',
  'DUNNING_RECEIVED',
  'AWAITING_RISK_ANALYSIS',
] as const;

export type InvoiceStatus = (typeof invoiceStatuses)[number];

/** A billed user as the billing manager lists them. */
export interface BillingUser {
  id: number;
  name: string;
  email: string;
  billingEnabled: boolean;
  suspended: boolean;
  /** Suspended by an administrator (only an administrator lifts it). */
  manual: boolean;
  /** Unlocked for good: never suspended automatically until locked again. */
  exempt: boolean;
  trustUsed: boolean;
  /** ISO time until which a suspended account may still sign in. */
  graceUntil: string | null;
  invoices: Invoice[];
}

/** The login error body of a suspended account (status 401). */
export interface SuspendedLoginError {
  error: 'ACCOUNT_IS_SUSPENDED' | 'ACCOUNT_IS_SUSPENDED_TRUST';
  trustAvailable: boolean;
  invoices: Invoice[];
}
