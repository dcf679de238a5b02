import { SelectInput, SimpleForm, TextInput, useTranslate } from 'react-admin';
import { DecimalInput } from '../../common/DecimalInput';
import { useFormContext, useWatch } from 'react-hook-form';
import { AttributesEditor } from '../../common/AttributesEditor';
import { EntityToolbar } from '../common/EntityForms';
import { fillName, nameLength, required } from '../common/validators';

/**
 * `start` and `period` are stored in the watched value's own units: metres for `totalDistance`,
 * milliseconds for `hours`. The form shows kilometres and hours.
 */
const MAINTENANCE_UNITS = { totalDistance: 1000, hours: 3_600_000 } as const;
type MaintenanceType = keyof typeof MAINTENANCE_UNITS;

const factor = (type: unknown) => MAINTENANCE_UNITS[type as MaintenanceType] ?? 1;

export const toDisplay = (value: unknown, type: unknown) =>
  typeof value === 'number' ? value / factor(type) : value;
export const toStored = (value: unknown, type: unknown) =>
  typeof value === 'number' ? Math.round(value * factor(type)) : value;

const UnitNumber = ({ source }: { source: 'start' | 'period' }) => {
  const translate = useTranslate();
  const type = useWatch({ name: 'type' }) as MaintenanceType;
  const { getValues } = useFormContext();
  return (
    <DecimalInput
      source={source}
      validate={required}
      toShown={(value) => {
        const shown = toDisplay(value, getValues('type'));
        return typeof shown === 'number' ? shown : null;
      }}
      toStored={(value) => toStored(value, getValues('type'))}
      helperText={translate(`admin.maintenance.units.${type ?? 'totalDistance'}`)}
    />
  );
};

export const MaintenanceForm = () => (
  <SimpleForm
    toolbar={<EntityToolbar />}
    defaultValues={{ type: 'totalDistance', start: 0, period: 0, attributes: {} }}
  >
    <TextInput source="name" validate={fillName} {...nameLength} />
    <SelectInput
      source="type"
      choices={Object.keys(MAINTENANCE_UNITS).map((id) => ({
        id,
        name: `admin.maintenance.types.${id}`,
      }))}
      validate={required}
    />
    <UnitNumber source="start" />
    <UnitNumber source="period" />
    <AttributesEditor />
  </SimpleForm>
);
