import { Divider, useMediaQuery, type Theme } from '@mui/material';
import { Logout, useGetIdentity, UserMenu, useTranslate } from 'react-admin';
import { AdminUserMenuItems } from './AdminMenuItems';
import { LocaleMenuItems } from './LocaleMenuItems';
import { SharesMenuItem } from '../shares/SharesMenuItem';

/** Opened by the user's name in the app bar: the management entries, language, logout. */
export const AppUserMenu = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  // From react-admin's `sm` up the button shows the user's name: its accessible name starts with
  // it, so a voice-control user can say what they see. On a phone it is an icon alone, whose name
  // react-admin reads as a translation key (any other text becomes "Profile"): the plain key.
  const showsName = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  const label =
    showsName && identity?.fullName
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
