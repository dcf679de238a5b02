import { Box, Button, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useErrorText } from '../dataProvider/featureErrors';
import { createInvoice } from './api';
import { parseAmount } from './money';

/** A new invoice for one user: due date, and an amount over the user's price when given. */
export const CreateInvoiceForm = ({ userId, onDone }: { userId: number; onDone: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const [dueDate, setDueDate] = useState('');
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const price = parseAmount(amount);
    if (price === null)
      return notify('billing.failed', { type: 'error', messageArgs: { error: amount } });
    setBusy(true);
    try {
      await createInvoice(userId, { dueDate: dueDate || undefined, price });
      notify('billing.done', { type: 'success' });
      setAmount('');
      onDone();
    } catch (error) {
      const text = errorText(error);
      notify('billing.failed', { type: 'error', messageArgs: { error: text } });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="form"
      onSubmit={submit}
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start', my: 1 }}
    >
      <TextField
        size="small"
        type="date"
        label={translate('billing.dueDate')}
        value={dueDate}
        onChange={(event) => setDueDate(event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        inputProps={{ 'data-testid': `invoice-due-${userId}` }}
      />
      <TextField
        size="small"
        label={translate('billing.price')}
        helperText={translate('billing.priceHelp')}
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        inputProps={{ inputMode: 'decimal', 'data-testid': `invoice-amount-${userId}` }}
      />
      <Button type="submit" variant="contained" disabled={busy}>
        {translate('billing.create')}
      </Button>
    </Box>
  );
};
