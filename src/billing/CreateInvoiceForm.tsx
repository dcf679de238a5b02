import { Box, Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useDataProvider, useLocale, useNotify, useTranslate } from 'react-admin';
import type { FrotaDataProvider } from '../dataProvider';
import type { NewInvoice } from '../dataProvider/billing';
import { useErrorText } from '../dataProvider/featureErrors';
import { unitsToCents } from '../common/money';
import { DateField } from '../common/DateTimeField';
import { DecimalTextField } from '../common/DecimalInput';
import { formatMoney } from '../i18n/formatters';

/** A new invoice for one user: due date, and an amount over the user's price when given. */
export const CreateInvoiceForm = ({ userId, onDone }: { userId: number; onDone: () => void }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const errorText = useErrorText();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const [dueDate, setDueDate] = useState('');
  const [amount, setAmount] = useState<number | null>(null);
  const create = useMutation({
    mutationFn: (invoice: NewInvoice) => dataProvider.createInvoice(userId, invoice),
    onSuccess: () => {
      notify('billing.done', { type: 'success' });
      setAmount(null);
      onDone();
    },
    onError: (error) =>
      notify('billing.failed', { type: 'error', messageArgs: { error: errorText(error) } }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Blank: the user's own price. Otherwise an amount above zero, in the locale's format.
    if (amount !== null && !(amount > 0)) {
      const problem = Number.isNaN(amount)
        ? translate('admin.validation.number')
        : translate('admin.validation.min', { min: formatMoney(0.01, locale) });
      return notify('billing.failed', { type: 'error', messageArgs: { error: problem } });
    }
    create.mutate({
      dueDate: dueDate || undefined,
      price: amount === null ? undefined : unitsToCents(amount),
    });
  };

  return (
    <Box
      component="form"
      onSubmit={submit}
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start', my: 1 }}
    >
      <DateField
        label={translate('billing.dueDate')}
        value={dueDate}
        onChange={setDueDate}
        testId={`invoice-due-${userId}`}
      />
      <DecimalTextField
        label={translate('billing.price')}
        helperText={translate('billing.priceHelp')}
        value={amount}
        onChange={setAmount}
        digits={2}
        error={amount !== null && !(amount > 0)}
        slotProps={{ htmlInput: { 'data-testid': `invoice-amount-${userId}` } }}
      />
      <Button type="submit" variant="contained" disabled={create.isPending}>
        {translate('billing.create')}
      </Button>
    </Box>
  );
};
