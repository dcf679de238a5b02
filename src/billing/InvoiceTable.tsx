import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { formatDate } from '../i18n/formatters';
import type { Invoice } from '../../model/invoice';
import { InvoiceStatusChip } from './InvoiceStatusChip';
import { formatCents } from './money';

/** Invoices with due date, amount, status and paid date; `actions` fills the last column. */
export const InvoiceTable = ({
  invoices,
  actions,
}: {
  invoices: Invoice[];
  actions: (invoice: Invoice) => ReactNode;
}) => {
  const translate = useTranslate();
  const locale = useLocale();
  if (invoices.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('billing.empty')}
      </Typography>
    );
  }
  return (
    <Table size="small" aria-label={translate('billing.invoicesTitle')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('billing.dueDate')}</TableCell>
          <TableCell align="right">{translate('billing.value')}</TableCell>
          <TableCell>{translate('billing.status')}</TableCell>
          <TableCell>{translate('billing.paidDate')}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {invoices.map((invoice) => (
          <TableRow key={invoice.id} data-testid={`invoice-${invoice.id}`}>
            <TableCell>{formatDate(invoice.dueDate, locale)}</TableCell>
            <TableCell align="right">{formatCents(invoice.value, locale)}</TableCell>
            <TableCell>
              <InvoiceStatusChip status={String(invoice.status)} />
            </TableCell>
            <TableCell>{invoice.paidDate ? formatDate(invoice.paidDate, locale) : ''}</TableCell>
            <TableCell align="right">{actions(invoice)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
