import { getJson } from '../dataProvider/http';
import type { BillingUser, Invoice } from '../../model/invoice';

/** The billing endpoints of `/tarkan/invoices` (every state change is a POST). */
export const fetchMyInvoices = () => getJson<Invoice[]>('/tarkan/invoices');

export const fetchBillingUsers = () => getJson<BillingUser[]>('/tarkan/invoices/manager');

interface NewInvoice {
  dueDate?: string;
  /** Cents; absent uses the user's price. */
  price?: number;
  description?: string;
}

export const createInvoice = (userId: number, input: NewInvoice) =>
  getJson<Invoice>(`/tarkan/invoices/manager/${userId}/save`, {
    method: 'POST',
    json: {
      ...(input.dueDate ? { dueDate: input.dueDate } : {}),
      ...(input.price !== undefined ? { 'tarkan.billingPrice': input.price } : {}),
      ...(input.description ? { 'tarkan.billingDescription': input.description } : {}),
    },
  });

type InvoiceAction = 'setAsReceivedCash' | 'delete';

export const invoiceAction = (invoiceId: number, action: InvoiceAction) =>
  getJson<Invoice>(`/tarkan/invoices/manager/${invoiceId}/${action}`, { method: 'POST' });

type UserAction = 'lockUser' | 'unlockUser' | 'unlockUserPerma';

export const userAction = (userId: number, action: UserAction) =>
  getJson<{ success: boolean }>(
    `/tarkan/invoices/manager/${userId}/${action === 'lockUser' ? 'lockUser' : 'unlockUser'}`,
    { method: 'POST', query: action === 'unlockUserPerma' ? { perma: true } : undefined },
  );

/** Trust unlock of a suspended account, by its credentials (before any session exists). */
export const trustUnlock = (username: string, password: string) =>
  getJson<{ success: boolean; until: string }>('/tarkan/invoices/unlock', {
    method: 'POST',
    json: { username, password },
  });
