import type { BillingUser, Invoice } from '../../model/invoice';
import { getJson } from './http';

export interface NewInvoice {
  dueDate?: string;
  /** Cents; absent uses the user's price. */
  price?: number;
  description?: string;
}

type InvoiceAction = 'setAsReceivedCash' | 'delete';

type BillingUserAction = 'lockUser' | 'unlockUser' | 'unlockUserPerma';

/** The billing endpoints of `/tarkan/invoices` (every state change is a POST). */
export const billingMethods = {
  getMyInvoices: (): Promise<Invoice[]> => getJson<Invoice[]>('/tarkan/invoices'),

  getBillingUsers: (): Promise<BillingUser[]> => getJson<BillingUser[]>('/tarkan/invoices/manager'),

  createInvoice: (userId: number, input: NewInvoice): Promise<Invoice> =>
    getJson<Invoice>(`/tarkan/invoices/manager/${userId}/save`, {
      method: 'POST',
      json: {
        ...(input.dueDate ? { dueDate: input.dueDate } : {}),
        ...(input.price !== undefined ? { 'tarkan.billingPrice': input.price } : {}),
        ...(input.description ? { 'tarkan.billingDescription': input.description } : {}),
      },
    }),

  invoiceAction: (invoiceId: number, action: InvoiceAction): Promise<Invoice> =>
    getJson<Invoice>(`/tarkan/invoices/manager/${invoiceId}/${action}`, { method: 'POST' }),

  billingUserAction: (userId: number, action: BillingUserAction): Promise<{ success: boolean }> =>
    getJson<{ success: boolean }>(
      `/tarkan/invoices/manager/${userId}/${action === 'lockUser' ? 'lockUser' : 'unlockUser'}`,
      { method: 'POST', query: action === 'unlockUserPerma' ? { perma: true } : undefined },
    ),

  /** Trust unlock of a suspended account, by its credentials (before any session exists). */
  trustUnlock: (username: string, password: string): Promise<{ success: boolean; until: string }> =>
    getJson<{ success: boolean; until: string }>('/tarkan/invoices/unlock', {
      method: 'POST',
      json: { username, password },
    }),
};
