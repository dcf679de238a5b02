import { createHmac } from 'node:crypto';
import type { Invoice } from '../../model/invoice';
import type { IntegrationStore } from '../integrations/store';

export type InvoiceEvent = 'created' | 'updated' | 'cancelled';

interface InvoiceNotice {
  event: InvoiceEvent;
  invoice: Invoice;
}

const SIGNATURE_HEADER = 'x-frota-signature';

/** `sha256=<hex>` of the body under the integration's secret. */
const signBody = (secret: string, body: string): string =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/**
 * The `invoice` integration: posts each invoice change as JSON to the configured URL, signed.
 * Called after the change is stored; a failure is reported to `onError`, never undoes it.
 */
export async function postInvoiceNotice(
  integrations: IntegrationStore,
  notice: InvoiceNotice,
  onError: (error: unknown) => void,
): Promise<void> {
  const settings = integrations.enabled('invoice');
  if (!settings) return;
  const body = JSON.stringify({ ...notice, time: new Date().toISOString() });
  try {
    const response = await fetch(String(settings.url), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signBody(String(settings.secret), body),
      },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) onError(new Error(`invoice webhook answered HTTP ${response.status}`));
  } catch (error) {
    onError(error);
  }
}
