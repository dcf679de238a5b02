import { Link } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

export const BackToLogin = () => {
  const translate = useTranslate();
  return (
    <Link component={RouterLink} to="/login" variant="body2" align="center">
      {translate('common.backToLogin')}
    </Link>
  );
};
