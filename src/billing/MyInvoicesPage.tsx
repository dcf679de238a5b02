import { Alert, Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { PageFrame } from '../common/PageFrame';
import type { FrotaDataProvider } from '../dataProvider';
import { useErrorText } from '../dataProvider/featureErrors';
import type { Invoice } from '../../model/invoice';
import { InvoiceTable } from './InvoiceTable';

const isOpen = (invoice: Invoice) => invoice.status === 'PENDING' || invoice.status === 'OVERDUE';

/** `/invoices`: the signed-in user's invoices, newest first, with the payment link when open. */
export const MyInvoicesPage = () => {
  const translate = useTranslate();
  const errorText = useErrorText();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const { data: invoices, error } = useQuery({
    queryKey: ['invoices', 'mine'],
    queryFn: () => dataProvider.getMyInvoices(),
    retry: false,
  });

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
      {error && (
        <Alert severity="error">{translate('billing.failed', { error: errorText(error) })}</Alert>
      )}
      {invoices && <InvoiceTable invoices={invoices} actions={action} />}
    </PageFrame>
  );
};
