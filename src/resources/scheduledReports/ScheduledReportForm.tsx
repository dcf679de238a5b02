import {
  BooleanInput,
  FormDataConsumer,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextInput,
  required,
  useTranslate,
} from 'react-admin';
import { EntityToolbar } from '../common/EntityForms';
import { SCHEDULED_TYPES } from './types';

/**
 * A scheduled report: its type, description and calendar (required: its periods are what gets
 * mailed), and "day by day" for the summary. Devices, groups and recipients are its links.
 */
export const ScheduledReportForm = () => {
  const translate = useTranslate();
  const types = SCHEDULED_TYPES.map((id) => ({
    id,
    name: translate(`scheduledReports.types.${id}`),
  }));
  return (
    <SimpleForm
      toolbar={<EntityToolbar />}
      defaultValues={{ type: 'summary', description: '', calendarId: 0, attributes: {} }}
    >
      <SelectInput
        source="type"
        label="scheduledReports.fields.type"
        choices={types}
        translateChoice={false}
        validate={required()}
      />
      <TextInput source="description" label="scheduledReports.fields.description" />
      <ReferenceInput source="calendarId" reference="calendars" perPage={1000}>
        <SelectInput
          label="scheduledReports.fields.calendarId"
          optionText="name"
          validate={required('scheduledReports.dialog.needCalendar')}
        />
      </ReferenceInput>
      <FormDataConsumer>
        {({ formData }) =>
          formData.type === 'summary' && (
            <BooleanInput source="attributes.daily" label="scheduledReports.fields.daily" />
          )
        }
      </FormDataConsumer>
    </SimpleForm>
  );
};
