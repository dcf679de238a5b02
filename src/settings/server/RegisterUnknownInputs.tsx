import { Typography } from '@mui/material';
import { AutocompleteInput, BooleanInput, ReferenceInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { attr } from '../../common/formAttributes';

/**
 * Traccar's server attributes for trackers whose identifier no device has: registered at once as
 * a device (named after the identifier, in the chosen group) instead of waiting in the list of
 * devices trying to connect.
 */
export const REGISTER_UNKNOWN_KEYS = [
  'database.registerUnknown',
  'database.registerUnknown.defaultGroupId',
];

export const RegisterUnknownInputs = () => {
  const translate = useTranslate();
  const on = useWatch({ name: attr('database.registerUnknown') }) === true;
  return (
    <>
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {translate('connectingDevices.settings.section')}
      </Typography>
      <BooleanInput
        source={attr('database.registerUnknown')}
        label="connectingDevices.settings.registerUnknown"
        helperText="connectingDevices.settings.registerUnknownHelp"
      />
      {/* Kept while the switch is off: turning it on again brings the group back. */}
      {on && (
        <ReferenceInput
          source={attr('database.registerUnknown.defaultGroupId')}
          reference="groups"
          perPage={1000}
        >
          <AutocompleteInput
            optionText="name"
            label="connectingDevices.settings.defaultGroup"
            helperText="connectingDevices.settings.defaultGroupHelp"
          />
        </ReferenceInput>
      )}
    </>
  );
};
