import { Divider } from '@mui/material';
import { Logout, UserMenu } from 'react-admin';
import { AdminUserMenuItems } from './AdminMenuItems';
import { LocaleMenuItems } from './LocaleMenuItems';
import { SharesMenuItem } from '../shares/SharesMenuItem';

/** Opened by the user's name in the app bar: the management entries, language, logout. */
export const AppUserMenu = () => (
  <UserMenu>
    <AdminUserMenuItems />
    <SharesMenuItem />
    <LocaleMenuItems />
    <Divider />
    <Logout />
  </UserMenu>
);
