import {
  AutocompleteInput,
  ReferenceInput,
  TabbedForm,
  TextInput,
  useRecordContext,
} from 'react-admin';
import type { Group } from '../../../model/group';
import { AttributesEditor } from '../../common/AttributesEditor';
import { EntityToolbar } from '../common/EntityForms';
import { LinksTab } from '../links/LinksTab';
import { fillName, nameLength } from '../common/validators';
import { ScrollableTabs } from '../../common/ScrollableTabs';

/** A group cannot be its own parent; the server also refuses cycles and more than 3 levels. */
const ParentInput = () => {
  const record = useRecordContext<Group>();
  return (
    <ReferenceInput source="groupId" reference="groups" filter={{}} perPage={1000}>
      <AutocompleteInput
        optionText="name"
        filterToQuery={(q) => ({ q })}
        parse={(value) => value ?? 0}
        format={(value) => (value ? value : null)}
        optionValue="id"
        shouldRenderSuggestions={() => true}
        validate={(value) =>
          record && value === record.id
            ? 'admin.errors.GROUP_CANNOT_BE_ITS_OWN_ANCESTOR'
            : undefined
        }
      />
    </ReferenceInput>
  );
};

export const GroupForm = () => {
  const record = useRecordContext<Group>();
  return (
    <TabbedForm
      toolbar={<EntityToolbar />}
      defaultValues={{ groupId: 0, attributes: {} }}
      tabs={<ScrollableTabs />}
    >
      <TabbedForm.Tab label="admin.tabs.general">
        <TextInput source="name" validate={fillName} {...nameLength} />
        <ParentInput />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="admin.tabs.attributes">
        <AttributesEditor />
      </TabbedForm.Tab>
      {record?.id ? <LinksTab owner="groupId" path="links" /> : null}
    </TabbedForm>
  );
};
