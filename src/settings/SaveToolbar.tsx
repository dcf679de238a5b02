import { SaveButton, Toolbar } from 'react-admin';

/** The settings forms' toolbar: save only (there is nothing to delete). */
export const SaveToolbar = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);
