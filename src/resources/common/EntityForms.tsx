import type { ReactNode } from 'react';
import { Create, Edit, SaveButton, Toolbar, type CreateProps, type EditProps } from 'react-admin';
import { fromForm, toForm } from '../../common/formAttributes';
import { DeleteRecordButton } from './DeleteRecordButton';

/** Saves and deletes wait for the server, so its refusal (translated) is what the user sees. */
export const EntityEdit = ({ children, ...props }: EditProps & { children: ReactNode }) => (
  <Edit
    mutationMode="pessimistic"
    transform={fromForm}
    queryOptions={{ select: toForm }}
    redirect="list"
    {...props}
  >
    {children}
  </Edit>
);

export const EntityCreate = ({ children, ...props }: CreateProps & { children: ReactNode }) => (
  <Create transform={fromForm} redirect="list" {...props}>
    {children}
  </Create>
);

/** Save, and delete (shown only with the delete permission): undoable, or asked by name. */
export const EntityToolbar = ({ extra }: { extra?: ReactNode }) => (
  <Toolbar sx={{ justifyContent: 'space-between', gap: 1 }}>
    <SaveButton alwaysEnable />
    {extra}
    <DeleteRecordButton />
  </Toolbar>
);
