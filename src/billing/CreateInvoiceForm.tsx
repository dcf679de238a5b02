import { Box, Button, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { FrotaDataProvider } from '../dataProvider';
import type { NewInvoice } from '../dataProvider/billing';
import { useErrorText } from '../dataProvider/featureErrors';
import { parseAmount } from './money';
import { DateField } from '../common/DateTimeField';

/** A new invoice for one user: due date, and an amount over the user's price when given. */
export const CreateInvoiceForm = ({ userId, onDone }: { userId: number; onDone: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const [dueDate, setDueDate] = useState('');
  const [amount, setAmount] = useState('');
  const create = useMutation({
    mutationFn: (invoice: NewInvoice) => dataProvider.createInvoice(userId, invoice),
    onSuccess: () => {
      notify('billing.done', { type: 'success' });
      setAmount('');
      onDone();
    },
    onError: (error) =>
      notify('billing.failed', { type: 'error', messageArgs: { error: errorText(error) } }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const price = parseAmount(amount);
    if (price === null)
      return notify('billing.failed', { type: 'error', messageArgs: { error: amount } });
    create.mutate({ dueDate: dueDate || undefined, price });
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
      <TextField
        size="small"
        label={translate('billing.price')}
        helperText={translate('billing.priceHelp')}
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        inputProps={{ inputMode: 'decimal', 'data-testid': `invoice-amount-${userId}` }}
      />
      <Button type="submit" variant="contained" disabled={create.isPending}>
        {translate('billing.create')}
      </Button>
    </Box>
  );
};
