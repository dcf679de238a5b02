import { BooleanInput, SelectInput, TextInput } from 'react-admin';
import { DecimalInput } from '../../common/DecimalInput';
import { attr } from '../../common/formAttributes';
import { COORDINATE_FORMATS, LANGUAGE_CHOICES, useMapChoices } from '../../resources';
import { ServerBillingInputs } from './ServerBillingInputs';
import { useServerInfo } from '../../bootstrap/ServerInfoContext';
import { RegisterUnknownInputs } from './RegisterUnknownInputs';
import { TwoFactorInputs } from './TwoFactorInputs';

const label = (key: string) => `admin.server.fields.${key.replace(/^tarkan\./, '')}`;

const Toggle = ({ name }: { name: string }) => (
  <BooleanInput source={attr(name)} label={label(name)} />
);

export const ServerPreferenceInputs = () => (
  <>
    <SelectInput
      source={attr('tarkan.lang')}
      label={label('lang')}
      choices={LANGUAGE_CHOICES}
      translateChoice={false}
    />
    <SelectInput
      source="coordinateFormat"
      label={label('coordinateFormat')}
      choices={COORDINATE_FORMATS}
      emptyText="admin.common.default"
    />
    <BooleanInput source="twelveHourFormat" label={label('twelveHourFormat')} />
    <BooleanInput source="registration" label={label('registration')} />
    <Toggle name="tarkan.enableStops" />
    <Toggle name="tarkan.enableEvents" />
    <DecimalInput
      source={attr('tarkan.logoWidth')}
      label={label('logoWidth')}
      integer
      min={1}
      max={100}
    />
    <RegisterUnknownInputs />
  </>
);

export const ServerPermissionInputs = () => {
  // The bits only ever apply with the plus licence, so without it the switch would do nothing.
  const { isPlus } = useServerInfo();
  return (
    <>
      <BooleanInput source="readonly" label={label('readonly')} />
      <BooleanInput source="deviceReadonly" label={label('deviceReadonly')} />
      <BooleanInput source="limitCommands" label={label('limitCommands')} />
      <Toggle name="tarkan.enableLazyDeletion" />
      <Toggle name="tarkan.enableQrDriverId" />
      {isPlus && <Toggle name="tarkan.enableAdvancedPerms" />}
      <Toggle name="tarkan.enableLockUnlock" />
      <Toggle name="tarkan.enableBilling" />
      <ServerBillingInputs />
      <DecimalInput
        integer
        source={attr('tarkan.deviceLimit')}
        label={label('deviceLimit')}
        helperText="admin.server.deviceLimitHelp"
      />
      <TwoFactorInputs />
    </>
  );
};

export const ServerMapInputs = () => {
  const maps = useMapChoices();
  return (
    <>
      <SelectInput
        source="map"
        label={label('map')}
        choices={maps}
        emptyText="admin.common.default"
      />
      <DecimalInput source="latitude" label={label('latitude')} coordinate min={-90} max={90} />
      <DecimalInput source="longitude" label={label('longitude')} coordinate min={-180} max={180} />
      <DecimalInput source="zoom" label={label('zoom')} integer min={0} max={22} />
      <TextInput source="bingKey" label={label('bingKey')} />
      <TextInput source={attr('google_api')} label={label('google_api')} />
      <TextInput source="mapUrl" label={label('mapUrl')} />
    </>
  );
};
