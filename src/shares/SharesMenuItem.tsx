import LinkIcon from '@mui/icons-material/Link';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { useTranslate, useUserMenu } from 'react-admin';
import { Link } from 'react-router-dom';
import { can } from '../authProvider/permissions';
import { useSharesAvailable } from './useSharesAvailable';
import { useAccess } from '../authProvider/useAccess';

/** "Links compartilhados" in the user menu, for users with the share bit when shares exist. */
export const SharesMenuItem = () => {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  const { access } = useAccess();
  const available = useSharesAvailable();
  if (!available || !can(access, 'share')) return null;
  return (
    <MenuItem component={Link} to="/shares" onClick={() => userMenu?.onClose()}>
      <ListItemIcon>
        <LinkIcon />
      </ListItemIcon>
      <ListItemText>{translate('shares.menu')}</ListItemText>
    </MenuItem>
  );
};
