import { Alert, Link } from '@mui/material';
import { OutlinedTextField } from '../../common/OutlinedTextField';
import { useTranslate } from 'react-admin';

interface CodeStepProps {
  code: string;
  onCode: (value: string) => void;
  /** Back to the user name and password (another account, a mistyped name). */
  onBack: () => void;
}

/** The second sign-in step of an account with two-step verification: the app's current code. */
export const CodeStep = ({ code, onCode, onBack }: CodeStepProps) => {
  const translate = useTranslate();
  return (
    <>
      <Alert severity="info">{translate('signIn.code.prompt')}</Alert>
      <OutlinedTextField
        id="code"
        name="code"
        label={translate('signIn.code.label')}
        autoComplete="one-time-code"
        autoFocus
        value={code}
        onChange={(event) => onCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
        inputProps={{ inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 }}
      />
      <Link
        component="button"
        type="button"
        variant="body2"
        onClick={onBack}
        sx={{ alignSelf: 'start' }}
      >
        {translate('signIn.code.back')}
      </Link>
    </>
  );
};
