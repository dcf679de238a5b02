import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { useTranslate, useUserMenu } from 'react-admin';
import { Link } from 'react-router-dom';
import { useAccess } from '../authProvider/useAccess';
import { MenuLink } from '../common/frame/MenuLink';
import { MENU_ICONS } from './menuIcons';
import { MAIN_MENU, USER_MENU, visibleEntries } from './menuEntries';

/** The management entries of the drawer, each shown by the permission table. */
export const AdminMenuItems = () => {
  const { can } = useAccess();
  return (
    <>
      {visibleEntries(MAIN_MENU, can).map((item) => {
        const Icon = MENU_ICONS[item.resource];
        return <MenuLink key={item.to} to={item.to} label={item.label} icon={<Icon />} />;
      })}
    </>
  );
};

/** The user menu's entries (my account … maintenance), above the language and logout. */
export const AdminUserMenuItems = () => {
  const translate = useTranslate();
  const { can } = useAccess();
  const userMenu = useUserMenu();
  return (
    <>
      {visibleEntries(USER_MENU, can).map((item) => {
        const Icon = MENU_ICONS[item.resource];
        return (
          <MenuItem key={item.to} component={Link} to={item.to} onClick={() => userMenu?.onClose()}>
            <ListItemIcon>
              <Icon />
            </ListItemIcon>
            <ListItemText>{translate(item.label)}</ListItemText>
          </MenuItem>
        );
      })}
    </>
  );
};
