import { DateInput, TextInput } from 'react-admin';
import { DecimalInput } from '../../common/DecimalInput';
import { attr } from '../../common/formAttributes';
import { SpeedInput } from '../common/SpeedInput';
import { DATE_KEYS, NUMBER_KEYS, SPEED_KEYS, attributeLabel } from './deviceFields';

/** One input per attribute key, typed by the key (date, number or text). */
export const AttributeInputs = ({ keys }: { keys: readonly string[] }) => (
  <>
    {keys.map((key) => {
      const props = { source: attr(key), label: attributeLabel(key) };
      if (SPEED_KEYS.has(key)) return <SpeedInput key={key} {...props} />;
      if (DATE_KEYS.has(key)) return <DateInput key={key} {...props} />;
      if (NUMBER_KEYS.has(key)) return <DecimalInput key={key} {...props} />;
      return (
        <TextInput
          key={key}
          {...props}
          multiline={key.endsWith('bservations') || key.endsWith('bservation')}
        />
      );
    })}
  </>
);
