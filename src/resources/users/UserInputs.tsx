import {
  BooleanInput,
  DateTimeInput,
  PasswordInput,
  SelectInput,
  TabbedForm,
  TextInput,
  useRecordContext,
  type FormTabProps,
} from 'react-admin';
import { useServerInfo } from '../../bootstrap/ServerInfoContext';
import { LOCALE_NAMES, SUPPORTED_LOCALES } from '../../i18n/locales';
import { availableLayers } from '../../map/tileLayers';
import { DecimalInput } from '../../common/DecimalInput';
import { attr } from '../../common/formAttributes';
import {
  nameLength,
  optionalPassword,
  userEmail,
  userName,
  userPassword,
} from '../common/validators';

export const COORDINATE_FORMATS = ['dd', 'ddm', 'dms'].map((id) => ({
  id,
  name: `admin.coordinateFormats.${id}`,
}));

export const LANGUAGE_CHOICES = SUPPORTED_LOCALES.map((id) => ({ id, name: LOCALE_NAMES[id] }));

/** The base maps this server offers, as select choices (user and server defaults). */
export const useMapChoices = () => {
  const { server } = useServerInfo();
  return availableLayers(server).map(({ id }) => ({ id, name: `admin.maps.${id}` }));
};

/** Name, e-mail (the login), password (required on create only) and phone. */
const UserAccountInputs = () => {
  const record = useRecordContext();
  return (
    <>
      <TextInput source="name" validate={userName} {...nameLength} />
      <TextInput source="email" validate={userEmail} />
      <PasswordInput source="password" validate={record?.id ? optionalPassword : userPassword} />
      <TextInput source="phone" />
    </>
  );
};

/** Language, base map, map position, clock and coordinate format. */
const UserPreferenceInputs = () => {
  const maps = useMapChoices();
  return (
    <>
      <SelectInput
        source={attr('tarkan.lang')}
        label="resources.users.fields.lang"
        choices={LANGUAGE_CHOICES}
        translateChoice={false}
      />
      <SelectInput source="map" choices={maps} emptyText="admin.common.default" />
      <DecimalInput source="latitude" coordinate min={-90} max={90} />
      <DecimalInput source="longitude" coordinate min={-180} max={180} />
      <DecimalInput source="zoom" integer min={0} max={22} />
      <BooleanInput source="twelveHourFormat" />
      <SelectInput
        source="coordinateFormat"
        choices={COORDINATE_FORMATS}
        emptyText="admin.common.default"
      />
    </>
  );
};

/** Account flags and limits; only administrators set these (the server ignores others). */
export const UserPermissionInputs = () => (
  <>
    <BooleanInput source="administrator" />
    <BooleanInput source="disabled" />
    <BooleanInput source="readonly" />
    <BooleanInput source="deviceReadonly" />
    <BooleanInput source="limitCommands" />
    <DecimalInput source="deviceLimit" integer helperText="admin.users.limitHelp" />
    <DecimalInput source="userLimit" integer helperText="admin.users.limitHelp" />
    <DateTimeInput source="expirationTime" />
  </>
);

type TabProps = Omit<FormTabProps, 'children' | 'label'>;

/** The account tab of the user form and of "my account". */
export const UserAccountTab = (props: TabProps) => (
  <TabbedForm.Tab label="admin.tabs.account" {...props}>
    <UserAccountInputs />
  </TabbedForm.Tab>
);

/** The preferences tab of the user form and of "my account" (give it `path="preferences"`). */
export const UserPreferencesTab = (props: TabProps) => (
  <TabbedForm.Tab label="admin.tabs.preferences" {...props}>
    <UserPreferenceInputs />
  </TabbedForm.Tab>
);
