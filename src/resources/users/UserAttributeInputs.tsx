import { BooleanInput, NumberInput, SelectInput, TextInput } from 'react-admin';
import { attr } from '../common/formAttributes';
import { ADDRESS_KEYS, BILLING_KEYS, RESELLER_KEYS, userAttributeLabel } from './userFields';

const input = (key: string, kind: 'toggle' | 'text' | 'number' | 'mode') => {
  const props = { source: attr(key), label: userAttributeLabel(key) };
  if (kind === 'toggle') return <BooleanInput key={key} {...props} />;
  if (kind === 'number') return <NumberInput key={key} {...props} />;
  if (kind === 'mode') {
    return (
      <SelectInput
        key={key}
        {...props}
        choices={[
          { id: 'FIXED', name: 'admin.billing.fixed' },
          { id: 'PERCENTAGE', name: 'admin.billing.percentage' },
        ]}
      />
    );
  }
  return <TextInput key={key} {...props} />;
};

/** Billing settings (`tarkan.billing*`) and the address and contact used on invoices. */
export const UserBillingInputs = () => (
  <>
    {BILLING_KEYS.toggles.map((key) => input(key, 'toggle'))}
    {BILLING_KEYS.text.map((key) => input(key, 'text'))}
    {BILLING_KEYS.numbers.map((key) => input(key, 'number'))}
    {BILLING_KEYS.modes.map((key) => input(key, 'mode'))}
    {ADDRESS_KEYS.map((key) => input(key, 'text'))}
  </>
);

export const UserResellerInputs = () => (
  <>
    {RESELLER_KEYS.toggles.map((key) => input(key, 'toggle'))}
    {RESELLER_KEYS.text.map((key) => input(key, 'text'))}
    {RESELLER_KEYS.numbers.map((key) => input(key, 'number'))}
  </>
);
