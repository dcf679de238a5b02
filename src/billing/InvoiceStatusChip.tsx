import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

const COLORS: Record<string, 'default' | 'success' | 'warning' | 'error'> = {
  PENDING: 'warning',
  OVERDUE: 'error',
  RECEIVED: 'success',
  RECEIVED_IN_CASH: 'success',
  CONFIRMED: 'success',
};

/** An invoice status, translated, coloured open/overdue/paid. */
export const InvoiceStatusChip = ({ status }: { status: string }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={COLORS[status] ?? 'default'}
      label={translate(`invoice.statuses.${status}`, { _: status })}
    />
  );
};
