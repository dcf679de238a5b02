import type { ReactElement } from 'react';
import { SaveButton } from 'react-admin';

/**
 * The submit button of a react-admin `<Form>`. Always enabled so an empty submit shows the
 * field messages instead of a silently greyed-out button.
 */
export const SubmitButton = ({ label, icon }: { label: string; icon: ReactElement }) => (
  <SaveButton label={label} icon={icon} alwaysEnable size="large" fullWidth />
);
