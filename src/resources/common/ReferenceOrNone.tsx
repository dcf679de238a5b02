import { ReferenceInput, SelectInput, type Validator } from 'react-admin';
import { useAccess } from '../../authProvider/useAccess';

/**
 * "None, or one of them" for an object of another area (a calendar, a saved command); 0 means
 * none, as on the wire. Left out for users who may not read that area: its list would only be
 * refused by the server, and there would be nothing to choose.
 */
export const ReferenceOrNone = ({
  source,
  reference,
  text,
  label,
  validate,
}: {
  source: string;
  reference: string;
  text: string;
  label?: string;
  validate?: Validator;
}) => {
  const { can } = useAccess();
  if (!can('list', reference)) return null;
  return (
    <ReferenceInput source={source} reference={reference} perPage={1000}>
      <SelectInput
        label={label}
        optionText={text}
        emptyValue={0}
        emptyText="admin.common.none"
        parse={(v) => (v === '' || v === null ? 0 : v)}
        validate={validate}
      />
    </ReferenceInput>
  );
};
