import type { ComponentType } from 'react';
import { EntityCreate, EntityEdit } from './EntityForms';

/** The edit and create pages of a resource whose two forms are the same component. */
export const formPages = (Form: ComponentType) => {
  const EditPage = () => (
    <EntityEdit>
      <Form />
    </EntityEdit>
  );
  const CreatePage = () => (
    <EntityCreate>
      <Form />
    </EntityCreate>
  );
  return { edit: EditPage, create: CreatePage };
};
