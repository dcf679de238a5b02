import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import type { Invoice } from '../../model/invoice';
import { formatDate } from '../i18n/formatters';
import { InvoiceStatusChip } from './InvoiceStatusChip';
import { formatCents } from '../common/money';

/** The caption and column titles: the billing screens' own, or the sign-in page's. */
const LABELS = {
  billing: {
    table: 'billing.invoicesTitle',
    dueDate: 'billing.dueDate',
    value: 'billing.value',
    status: 'billing.status',
  },
  signIn: {
    table: 'invoice.title',
    dueDate: 'invoice.dueDate',
    value: 'invoice.value',
    status: 'invoice.statusLabel',
  },
} as const;

type InvoiceTableProps = { invoices: Invoice[] } & (
  | {
      /** The sign-in page's short form: due date, amount and status in words. */
      signIn: true;
      actions?: never;
    }
  | {
      signIn?: false;
      /** Fills the last column (pay, received in cash, cancel). */
      actions: (invoice: Invoice) => ReactNode;
    }
);

/**
 * Invoices (amounts in integer cents) with due date, amount and status; on the billing screens
 * also the paid date, a coloured status and the row's actions.
 */
export const InvoiceTable = ({ invoices, signIn, actions }: InvoiceTableProps) => {
  const translate = useTranslate();
  const locale = useLocale();
  const labels = LABELS[signIn ? 'signIn' : 'billing'];
  if (invoices.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('billing.empty')}
      </Typography>
    );
  }
  return (
    <Table size="small" aria-label={translate(labels.table)}>
      <TableHead>
        <TableRow>
          <TableCell>{translate(labels.dueDate)}</TableCell>
          <TableCell align="right">{translate(labels.value)}</TableCell>
          <TableCell>{translate(labels.status)}</TableCell>
          {!signIn && <TableCell>{translate('billing.paidDate')}</TableCell>}
          {!signIn && <TableCell />}
        </TableRow>
      </TableHead>
      <TableBody>
        {invoices.map((invoice, index) => (
          <TableRow
            key={invoice.id ?? index}
            data-testid={signIn ? undefined : `invoice-${invoice.id}`}
          >
            <TableCell>{formatDate(invoice.dueDate, locale)}</TableCell>
            <TableCell align="right">{formatCents(invoice.value, locale)}</TableCell>
            <TableCell>
              {signIn ? (
                translate(`invoice.statuses.${invoice.status}`, { _: String(invoice.status) })
              ) : (
                <InvoiceStatusChip status={String(invoice.status)} />
              )}
            </TableCell>
            {!signIn && (
              <TableCell>{invoice.paidDate ? formatDate(invoice.paidDate, locale) : ''}</TableCell>
            )}
            {!signIn && <TableCell align="right">{actions(invoice)}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
