import { Alert } from '@mui/material';
import { TabbedForm, useRecordContext, useTranslate } from 'react-admin';
import type { User } from '../../../model/user';
import { isSelfEditableAttribute } from '../../../model/userAttributes';
import { AttributesTab } from '../../common/AttributesEditor';
import { EntityToolbar } from '../common/EntityForms';
import { useAccess } from '../../authProvider/useAccess';
import { LinksTab } from '../links/LinksTab';
import { AdvancedPermsInput } from './AdvancedPermsInput';
import { UserBillingInputs, UserResellerInputs } from './UserAttributeInputs';
import { UserAccountTab, UserPermissionInputs, UserPreferencesTab } from './UserInputs';
import { RESERVED_USER_KEYS } from './userFields';
import { ScrollableTabs } from '../../common/ScrollableTabs';

const USER_DEFAULTS = {
  administrator: false,
  disabled: false,
  readonly: false,
  deviceReadonly: false,
  limitCommands: false,
  deviceLimit: -1,
  userLimit: 0,
  zoom: 0,
  latitude: 0,
  longitude: 0,
  twelveHourFormat: false,
  attributes: {},
};

/** A user may not edit an administrator above them (the server refuses it too). */
const SuperiorNotice = () => {
  const translate = useTranslate();
  return <Alert severity="error">{translate('admin.errors.CANNOT_EDIT_SUPERIOR')}</Alert>;
};

export const UserForm = () => {
  const record = useRecordContext<User>();
  const { can, user } = useAccess();
  const editing = Boolean(record?.id);
  if (editing && !can('edit', 'users', record)) return <SuperiorNotice />;
  const admin = user?.administrator === true;
  // On their own account a non-admin changes only preferences: the server keeps the attributes
  // that grant rights as stored, so their inputs are not offered.
  const ownAccount = editing && !admin && record?.id === user?.id;
  const reserved = ownAccount
    ? [
        ...RESERVED_USER_KEYS,
        ...Object.keys(record?.attributes ?? {}).filter((key) => !isSelfEditableAttribute(key)),
      ]
    : RESERVED_USER_KEYS;
  return (
    <TabbedForm toolbar={<EntityToolbar />} defaultValues={USER_DEFAULTS} tabs={<ScrollableTabs />}>
      <UserAccountTab />
      <UserPreferencesTab path="preferences" />
      {admin && (
        <TabbedForm.Tab label="admin.tabs.permissions" path="permissions">
          <UserPermissionInputs />
        </TabbedForm.Tab>
      )}
      {!ownAccount && (
        <TabbedForm.Tab label="admin.tabs.advancedPerms" path="advanced">
          <AdvancedPermsInput />
        </TabbedForm.Tab>
      )}
      {admin && (
        <TabbedForm.Tab label="admin.tabs.billing" path="billing">
          <UserBillingInputs />
        </TabbedForm.Tab>
      )}
      {admin && (
        <TabbedForm.Tab label="admin.tabs.reseller" path="reseller">
          <UserResellerInputs />
        </TabbedForm.Tab>
      )}
      <AttributesTab path="attributes" reserved={reserved} />
      {editing && <LinksTab owner="userId" path="links" />}
    </TabbedForm>
  );
};
