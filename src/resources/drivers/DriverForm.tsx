import { BooleanInput, DateInput, PasswordInput, TabbedForm, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { AttributesTab } from '../../common/AttributesEditor';
import { EntityToolbar } from '../common/EntityForms';
import { DecimalInput } from '../../common/DecimalInput';
import { attr } from '../../common/formAttributes';
import { fillName, nameLength, required } from '../common/validators';
import { ScrollableTabs } from '../../common/ScrollableTabs';

/** Licence data, kept in attributes. */
const LICENCE_TEXT = ['cnhNumber', 'cpf', 'cnhCategory', 'cnhState', 'cnhFiliation'];
const LICENCE_DATES = ['birthDate', 'firstLicenseDate', 'cnhValidity'];
const QR_KEYS = [
  'tarkan.enableQrCode',
  'tarkan.driverUsername',
  'tarkan.driverPassword',
  'tarkan.driverUnlockDevice',
  'tarkan.driverAutoLogout',
  'tarkan.driverLockDevice',
  'tarkan.lockDeviceTimeout',
  'tarkan.autoLogoutTimeout',
];
const RESERVED = [
  ...LICENCE_TEXT,
  ...LICENCE_DATES,
  'cnhObservations',
  'fuelPer100Km',
  'fuelCost',
  ...QR_KEYS,
];

const label = (key: string) => `resources.drivers.fields.${key.replace('tarkan.', '')}`;

/** QR check-in settings appear once QR check-in is on for the driver. */
const QrSettings = () => {
  const enabled = useWatch({ name: attr('tarkan.enableQrCode') }) === true;
  if (!enabled) return null;
  return (
    <>
      <TextInput
        source={attr('tarkan.driverUsername')}
        label={label('driverUsername')}
        validate={required}
      />
      <PasswordInput source={attr('tarkan.driverPassword')} label={label('driverPassword')} />
      <BooleanInput
        source={attr('tarkan.driverUnlockDevice')}
        label={label('driverUnlockDevice')}
      />
      <BooleanInput source={attr('tarkan.driverAutoLogout')} label={label('driverAutoLogout')} />
      <DecimalInput
        integer
        source={attr('tarkan.autoLogoutTimeout')}
        label={label('autoLogoutTimeout')}
        min={0}
      />
      <BooleanInput source={attr('tarkan.driverLockDevice')} label={label('driverLockDevice')} />
      <DecimalInput
        integer
        source={attr('tarkan.lockDeviceTimeout')}
        label={label('lockDeviceTimeout')}
        min={0}
      />
    </>
  );
};

export const DriverForm = () => (
  <TabbedForm
    toolbar={<EntityToolbar />}
    defaultValues={{ attributes: {} }}
    tabs={<ScrollableTabs />}
  >
    <TabbedForm.Tab label="admin.tabs.general">
      <TextInput source="name" validate={fillName} {...nameLength} />
      <TextInput source="uniqueId" validate={required} {...nameLength} />
      <DecimalInput source="attributes.fuelPer100Km" min={0} />
      <DecimalInput source="attributes.fuelCost" min={0} />
    </TabbedForm.Tab>
    <TabbedForm.Tab label="admin.tabs.licence" path="licence">
      {LICENCE_TEXT.map((key) => (
        <TextInput source={`attributes.${key}`} key={key} />
      ))}
      {LICENCE_DATES.map((key) => (
        <DateInput source={`attributes.${key}`} key={key} />
      ))}
      <TextInput source="attributes.cnhObservations" multiline />
    </TabbedForm.Tab>
    <TabbedForm.Tab label="admin.tabs.qr" path="qr">
      <BooleanInput source={attr('tarkan.enableQrCode')} label={label('enableQrCode')} />
      <QrSettings />
    </TabbedForm.Tab>
    <AttributesTab path="attributes" reserved={RESERVED} />
  </TabbedForm>
);
