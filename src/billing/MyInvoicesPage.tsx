import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
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
    <Box sx={{ p: 2, maxWidth: 900 }}>
      <Title title={translate('billing.invoicesTitle')} />
      <Card>
        <CardContent>
          <Typography variant="h6" gutterBottom>
            {translate('billing.invoicesTitle')}
          </Typography>
          {failed !== null && (
            <Alert severity="error">
              {translate('billing.failed', { error: errorText(failed) })}
            </Alert>
          )}
          {invoices && <InvoiceTable invoices={invoices} actions={action} />}
        </CardContent>
      </Card>
    </Box>
  );
};
