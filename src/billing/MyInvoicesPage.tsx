import { Alert, Button } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { PageFrame } from '../common/PageFrame';
import { useErrorText } from '../dataProvider/featureErrors';
import type { Invoice } from '../../model/invoice';
import { fetchMyInvoices } from './api';
import { InvoiceTable } from './InvoiceTable';

const isOpen = (invoice: Invoice) => invoice.status === 'PENDING' || invoice.status === 'OVERDUE';

/** `/invoices`: the signed-in user's invoices, newest first, with the payment link when open. */
export const MyInvoicesPage = () => {
  const translate = useTranslate();
  const errorText = useErrorText();
  const [invoices, setInvoices] = useState<Invoice[] | null>(null);
  const [failed, setFailed] = useState<unknown>(null);

  useEffect(() => {
    fetchMyInvoices()
      .then(setInvoices)
      .catch((error: unknown) => setFailed(error ?? 'error'));
  }, []);

  const action = (invoice: Invoice) => {
    if (!isOpen(invoice)) return null;
    if (!invoice.link) return translate('billing.payInCash');
    return (
      <Button
        size="small"
        variant="contained"
        href={invoice.link}
        target="_blank"
        rel="noopener noreferrer"
      >
        {translate('billing.pay')}
      </Button>
    );
  };

  return (
    <PageFrame title={translate('billing.invoicesTitle')} maxWidth={900} card>
      {failed !== null && (
        <Alert severity="error">{translate('billing.failed', { error: errorText(failed) })}</Alert>
      )}
      {invoices && <InvoiceTable invoices={invoices} actions={action} />}
    </PageFrame>
  );
};
