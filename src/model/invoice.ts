/** An invoice as carried by the suspended-account login error and the billing API. */
export interface Invoice {
  id: number;
  /** ISO date (`2024-05-10`) or date-time. */
  dueDate: string;
  value: number;
  status: InvoiceStatus | string;
  paidDate?: string | null;
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
