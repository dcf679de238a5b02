import { Alert } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { EditBase, TabbedForm, Title, useTranslate } from 'react-admin';
import { Card } from '@mui/material';
import { setCurrentUser } from '../../authProvider/currentUser';
import type { User } from '../../../model/user';
import { toForm } from '../../common/formAttributes';
import { useAccess } from '../../authProvider/useAccess';
import { UserAccountTab, UserPreferencesTab, userTransform } from '../../resources';
import { SaveToolbar } from '../SaveToolbar';
import { useSaveFeedback } from '../../common/useSaveFeedback';
import { TwoFactorSection } from './TwoFactorSection';
import { ScrollableTabs } from '../../common/ScrollableTabs';

/**
 * `/account`: the signed-in user edits their own account and preferences ("my account").
 * Advanced permissions gate it with the self-edit bit; readonly accounts only look.
 */
export const AccountPage = () => {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const feedback = useSaveFeedback();
  const { can, user } = useAccess();
  if (!user || !can('show', 'account')) return null;
  const editable = can('edit', 'account');
  return (
    <>
      <Card sx={{ mt: 2 }}>
        <Title title={translate('menu.account')} />
        <EditBase<User>
          resource="users"
          id={user.id}
          redirect={false}
          mutationMode="pessimistic"
          disableAuthentication
          transform={userTransform}
          queryOptions={{ select: toForm }}
          mutationOptions={{
            // These replace react-admin's own handlers, confirmation included: say it here.
            onSuccess: (saved) => {
              setCurrentUser(saved);
              void queryClient.invalidateQueries({ queryKey: ['auth'] });
              feedback.saved();
            },
            onError: feedback.failed,
          }}
        >
          {!editable && <Alert severity="info">{translate('admin.account.readonly')}</Alert>}
          <TabbedForm toolbar={editable ? <SaveToolbar /> : false} tabs={<ScrollableTabs />}>
            <UserAccountTab />
            <UserPreferencesTab path="preferences" />
          </TabbedForm>
        </EditBase>
      </Card>
      <TwoFactorSection user={user} />
    </>
  );
};
