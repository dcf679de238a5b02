import { BooleanInput, SelectInput, TextInput } from 'react-admin';
import { DecimalInput } from '../../common/DecimalInput';
import { attr } from '../../common/formAttributes';
import { MoneyCentsInput } from '../../common/MoneyCentsInput';
import { ADDRESS_KEYS, BILLING_KEYS, RESELLER_KEYS, userAttributeLabel } from './userFields';

export type AttributeInputKind = 'toggle' | 'text' | 'number' | 'mode' | 'money';

/** Attributes holding money, in integer cents. */
const MONEY_KEYS: readonly string[] = ['tarkan.billingPrice'];

/** One attribute's input; the server settings reuse it with their own labels. */
export const attributeInput = (
  key: string,
  kind: AttributeInputKind,
  label: (key: string) => string = userAttributeLabel,
) => {
  const props = { source: attr(key), label: label(key) };
  if (kind === 'toggle') return <BooleanInput key={key} {...props} />;
  if (kind === 'money') return <MoneyCentsInput key={key} {...props} />;
  if (kind === 'number') return <DecimalInput key={key} {...props} />;
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

const input = (key: string, kind: AttributeInputKind) => attributeInput(key, kind);

/** Billing settings (`tarkan.billing*`) and the address and contact used on invoices. */
export const UserBillingInputs = () => (
  <>
    {BILLING_KEYS.toggles.map((key) => input(key, 'toggle'))}
    {BILLING_KEYS.text.map((key) => input(key, 'text'))}
    {BILLING_KEYS.numbers.map((key) => input(key, MONEY_KEYS.includes(key) ? 'money' : 'number'))}
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
