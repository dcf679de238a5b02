import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Invoice } from '../../model/invoice';
import { InvoiceTable } from './InvoiceTable';

/** The open invoices a suspended account's sign-in answer carries, under their heading. */
export const OpenInvoices = ({ invoices }: { invoices: Invoice[] }) => {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="subtitle2" component="h2">
        {translate('invoice.title')}
      </Typography>
      <InvoiceTable invoices={invoices} signIn />
    </>
  );
};
