import { Box, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { attr } from '../../common/formAttributes';
import { attributeInput } from '../../resources';
import { SERVER_BILLING_FIELDS, serverBillingLabel } from './serverBillingKeys';

/** The server's billing defaults, shown while the billing switch is on in the form. */
export const ServerBillingInputs = () => {
  const translate = useTranslate();
  const enabled = useWatch({ name: attr('tarkan.enableBilling') }) as unknown;
  if (enabled !== true && enabled !== 'true') return null;
  return (
    <Box
      data-testid="server-billing-defaults"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, mb: 2, width: '100%' }}
    >
      <Typography variant="subtitle1">{translate('billing.defaults.title')}</Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {translate('billing.defaults.help')}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column' }}>
        {SERVER_BILLING_FIELDS.map(([key, kind]) => attributeInput(key, kind, serverBillingLabel))}
      </Box>
    </Box>
  );
};
