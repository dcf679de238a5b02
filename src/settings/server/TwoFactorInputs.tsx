import { Typography } from '@mui/material';
import { BooleanInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { attr } from '../../common/formAttributes';

/** The server attributes Traccar reads for two-step sign-in (docs/traccar-api.md). */
export const TWO_FACTOR_KEYS = ['totpEnable', 'totpForce'];

/**
 * "Allow" lets users create a key; "require" makes registration need one and sends users without
 * one to set it up. Requiring it without allowing it would leave nobody able to comply.
 */
export const TwoFactorInputs = () => {
  const translate = useTranslate();
  const allowed = useWatch({ name: attr('totpEnable') }) === true;
  return (
    <>
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {translate('signIn.server.section')}
      </Typography>
      <BooleanInput source={attr('totpEnable')} label="signIn.server.totpEnable" />
      <BooleanInput
        source={attr('totpForce')}
        label="signIn.server.totpForce"
        helperText="signIn.server.totpForceHelp"
        disabled={!allowed}
      />
    </>
  );
};
