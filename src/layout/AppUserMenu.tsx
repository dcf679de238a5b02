import { Divider } from '@mui/material';
import { Logout, UserMenu } from 'react-admin';
import { LocaleMenuItems } from './LocaleMenuItems';

/** Opened by the user's name in the app bar; account entries join it with later issues. */
export const AppUserMenu = () => (
  <UserMenu>
    <LocaleMenuItems />
    <Divider />
    <Logout />
  </UserMenu>
);
