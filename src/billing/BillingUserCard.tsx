import { Box, Card, CardContent, Chip, Typography } from '@mui/material';
import { useDataProvider, useLocale, useTranslate } from 'react-admin';
import type { BillingUser, Invoice } from '../../model/invoice';
import type { FrotaDataProvider } from '../dataProvider';
import { formatDate } from '../i18n/formatters';
import { ConfirmButton } from './ConfirmButton';
import { CreateInvoiceForm } from './CreateInvoiceForm';
import { InvoiceTable } from './InvoiceTable';
import { formatCents } from '../common/money';

const isOpen = (invoice: Invoice) => invoice.status === 'PENDING' || invoice.status === 'OVERDUE';

/** One billed user: their state, suspend/unlock, a new invoice, and their invoices. */
export const BillingUserCard = ({
  user,
  onChange,
}: {
  user: BillingUser;
  onChange: () => void;
}) => {
  const translate = useTranslate();
  const locale = useLocale();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const args = { name: user.name };
  const invoiceArgs = (invoice: Invoice) => ({
    value: formatCents(invoice.value, locale),
    date: formatDate(invoice.dueDate, locale),
  });
  const actions = (invoice: Invoice) =>
    isOpen(invoice) && (
      <>
        <ConfirmButton
          label={translate('billing.cash')}
          confirm={translate('billing.cashConfirm', invoiceArgs(invoice))}
          run={() => dataProvider.invoiceAction(invoice.id, 'setAsReceivedCash')}
          onDone={onChange}
          color="success"
        />
        <ConfirmButton
          label={translate('billing.cancel')}
          confirm={translate('billing.cancelConfirm', invoiceArgs(invoice))}
          run={() => dataProvider.invoiceAction(invoice.id, 'delete')}
          onDone={onChange}
          color="error"
        />
      </>
    );

  return (
    <Card variant="outlined" data-testid={`billing-user-${user.id}`}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="subtitle1">{user.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {user.email}
          </Typography>
          <Chip
            size="small"
            color={user.suspended ? 'error' : 'success'}
            label={translate(user.suspended ? 'billing.suspended' : 'billing.active')}
          />
          {user.exempt && <Chip size="small" label={translate('billing.exempt')} />}
          {user.trustUsed && <Chip size="small" label={translate('billing.trustUsed')} />}
          {user.graceUntil && (
            <Chip
              size="small"
              label={translate('billing.graceUntil', { date: formatDate(user.graceUntil, locale) })}
            />
          )}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', my: 1 }}>
          <ConfirmButton
            label={translate('billing.lock')}
            confirm={translate('billing.lockConfirm', args)}
            run={() => dataProvider.billingUserAction(user.id, 'lockUser')}
            onDone={onChange}
            color="error"
          />
          <ConfirmButton
            label={translate('billing.unlock')}
            confirm={translate('billing.unlockConfirm', args)}
            run={() => dataProvider.billingUserAction(user.id, 'unlockUser')}
            onDone={onChange}
          />
          <ConfirmButton
            label={translate('billing.unlockPerma')}
            confirm={translate('billing.unlockPermaConfirm', args)}
            run={() => dataProvider.billingUserAction(user.id, 'unlockUserPerma')}
            onDone={onChange}
          />
        </Box>
        <CreateInvoiceForm userId={user.id} onDone={onChange} />
        <InvoiceTable invoices={user.invoices} actions={actions} />
      </CardContent>
    </Card>
  );
};
