import { Alert } from '@mui/material';
import { TabbedForm, useRecordContext, useTranslate } from 'react-admin';
import type { User } from '../../../model/user';
import { AttributesTab } from '../../common/AttributesEditor';
import { EntityToolbar } from '../common/EntityForms';
import { useAccess } from '../../authProvider/useAccess';
import { LinksTab } from '../links/LinksTab';
import { AdvancedPermsInput } from './AdvancedPermsInput';
import { UserBillingInputs, UserResellerInputs } from './UserAttributeInputs';
import { UserAccountTab, UserPermissionInputs, UserPreferencesTab } from './UserInputs';
import { RESERVED_USER_KEYS } from './userFields';

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
  return (
    <TabbedForm toolbar={<EntityToolbar />} defaultValues={USER_DEFAULTS}>
      <UserAccountTab />
      <UserPreferencesTab path="preferences" />
      {admin && (
        <TabbedForm.Tab label="admin.tabs.permissions" path="permissions">
          <UserPermissionInputs />
        </TabbedForm.Tab>
      )}
      <TabbedForm.Tab label="admin.tabs.advancedPerms" path="advanced">
        <AdvancedPermsInput />
      </TabbedForm.Tab>
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
      <AttributesTab path="attributes" reserved={RESERVED_USER_KEYS} />
      {editing && <LinksTab owner="userId" path="links" />}
    </TabbedForm>
  );
};
