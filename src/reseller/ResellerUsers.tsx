import { Chip, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { User } from '../../model';

const isSubReseller = (user: User) => {
  const value = user.attributes['tarkan.reseller'];
  return value === true || value === 'true';
};

/** The users the reseller manages; each opens in the users editor. */
export const ResellerUsers = ({ users }: { users: User[] }) => {
  const translate = useTranslate();
  if (users.length === 0) {
    return <Typography color="text.secondary">{translate('reseller.empty')}</Typography>;
  }
  return (
    <List dense data-testid="reseller-users">
      {users.map((user) => (
        <ListItem key={user.id} component={Link} to={`/users/${user.id}`}>
          <ListItemText primary={user.name} secondary={user.email} />
          {isSubReseller(user) && <Chip size="small" label={translate('reseller.subReseller')} />}
        </ListItem>
      ))}
    </List>
  );
};
