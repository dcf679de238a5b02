import { IllegalArgumentException } from '../errors';
import type { Settings } from '../integrations/catalog';
import type { InvoiceTerms } from './terms';

/** The payment provider's view of a charge. */
interface ProviderPayment {
  id: string;
  /** Page where the customer pays. */
  link: string | null;
  status: string;
}

interface NewPayment {
  customerId: string;
  valueCents: number;
  dueDate: string;
  description: string;
  terms: InvoiceTerms;
}

interface Customer {
  name: string;
  email: string;
  cpfCnpj: string;
}

/** A payment-billing provider (customers and payments), called only through this interface. */
export interface PaymentProvider {
  findOrCreateCustomer(customer: Customer): Promise<string>;
  createPayment(payment: NewPayment): Promise<ProviderPayment>;
  cancelPayment(id: string): Promise<void>;
  receiveInCash(id: string, day: string, valueCents: number): Promise<void>;
}

const ASAAS_PRODUCTION = 'https://api.asaas.com/v3';
const ASAAS_SANDBOX = 'https://sandbox.asaas.com/api/v3';

/** Refused or unreachable provider calls: a 400 naming the provider's own reason. */
class ProviderError extends IllegalArgumentException {}

const reais = (cents: number) => Math.round(cents) / 100;

interface AsaasList<T> {
  data?: T[];
}

interface AsaasPayment {
  id: string;
  invoiceUrl?: string | null;
  status?: string;
}

function describe(body: unknown): string {
  if (body && typeof body === 'object' && 'errors' in body && Array.isArray(body.errors)) {
    const first = body.errors[0] as { description?: unknown } | undefined;
    if (typeof first?.description === 'string') return first.description;
  }
  return 'request refused';
}

/**
 * An Asaas-compatible REST client (`/customers`, `/payments`). The base URL follows the sandbox
 * flag unless `baseUrlOverride` (PAYMENT_API_URL) points somewhere else, e.g. a local test double.
 */
export function asaasProvider(
  settings: Settings,
  baseUrlOverride: string | null,
  timeoutMs = 15_000,
): PaymentProvider {
  const base = (
    baseUrlOverride ?? (settings.sandbox === true ? ASAAS_SANDBOX : ASAAS_PRODUCTION)
  ).replace(/\/$/, '');
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(base + path, {
        method,
        headers: {
          access_token: String(settings.token ?? ''),
          'content-type': 'application/json',
          'user-agent': 'Frota',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new ProviderError('Payment provider unreachable');
    }
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? (JSON.parse(text) as unknown) : null;
    } catch {
      parsed = null;
    }
    if (!response.ok) {
      throw new ProviderError(
        `Payment provider error: ${describe(parsed)} (HTTP ${response.status})`,
      );
    }
    return parsed as T;
  };

  return {
    async findOrCreateCustomer(customer) {
      const found = await call<AsaasList<{ id: string }>>(
        'GET',
        `/customers?cpfCnpj=${encodeURIComponent(customer.cpfCnpj)}`,
      );
      const existing = found?.data?.[0]?.id;
      if (existing) return existing;
      const created = await call<{ id: string }>('POST', '/customers', customer);
      if (!created?.id) throw new ProviderError('Payment provider error: no customer id');
      return created.id;
    },

    async createPayment(p) {
      const { terms } = p;
      const created = await call<AsaasPayment>('POST', '/payments', {
        customer: p.customerId,
        billingType: 'UNDEFINED',
        value: reais(p.valueCents),
        dueDate: p.dueDate,
        description: p.description,
        fine: {
          value: terms.fineMode === 'FIXED' ? reais(terms.fine) : terms.fine,
          type: terms.fineMode,
        },
        interest: { value: terms.interest },
        discount: {
          value: terms.discountMode === 'FIXED' ? reais(terms.discount) : terms.discount,
          dueDateLimitDays: terms.discountDays,
          type: terms.discountMode,
        },
      });
      if (!created?.id) throw new ProviderError('Payment provider error: no payment id');
      return {
        id: created.id,
        link: created.invoiceUrl ?? null,
        status: created.status ?? 'PENDING',
      };
    },

    async cancelPayment(id) {
      await call('DELETE', `/payments/${encodeURIComponent(id)}`);
    },

    async receiveInCash(id, day, valueCents) {
      await call('POST', `/payments/${encodeURIComponent(id)}/receiveInCash`, {
        paymentDate: day,
        value: reais(valueCents),
        notifyCustomer: false,
      });
    },
  };
}
