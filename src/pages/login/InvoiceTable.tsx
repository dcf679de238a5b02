import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { formatCents } from '../../billing/money';
import { formatDate } from '../../i18n/formatters';
import type { Invoice } from '../../../model/invoice';

/** The open invoices a suspended account's login answer carries (amounts in cents). */
export const InvoiceTable = ({ invoices }: { invoices: Invoice[] }) => {
  const translate = useTranslate();
  const locale = useLocale();
  return (
    <>
      <Typography variant="subtitle2" component="h2">
        {translate('invoice.title')}
      </Typography>
      <Table size="small" aria-label={translate('invoice.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('invoice.dueDate')}</TableCell>
            <TableCell align="right">{translate('invoice.value')}</TableCell>
            <TableCell>{translate('invoice.statusLabel')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invoices.map((invoice, index) => (
            <TableRow key={invoice.id ?? index}>
              <TableCell>{formatDate(invoice.dueDate, locale)}</TableCell>
              <TableCell align="right">{formatCents(Number(invoice.value), locale)}</TableCell>
              <TableCell>
                {translate(`invoice.statuses.${invoice.status}`, { _: String(invoice.status) })}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
};
