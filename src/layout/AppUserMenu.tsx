import { Divider } from '@mui/material';
import { Logout, useGetIdentity, UserMenu, useTranslate } from 'react-admin';
import { AdminUserMenuItems } from './AdminMenuItems';
import { LocaleMenuItems } from './LocaleMenuItems';
import { SharesMenuItem } from '../shares/SharesMenuItem';

/** Opened by the user's name in the app bar: the management entries, language, logout. */
export const AppUserMenu = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  // The button shows the user's name: its accessible name starts with it, so a voice-control
  // user can say what they see (react-admin would name it "Profile" alone).
  const label = identity?.fullName
    ? translate('menu.userMenu', { name: identity.fullName })
    : 'ra.auth.user_menu';
  return (
    <UserMenu label={label}>
      <AdminUserMenuItems />
      <SharesMenuItem />
      <LocaleMenuItems />
      <Divider />
      <Logout />
    </UserMenu>
  );
};
