import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { PageFrame } from '../common/PageFrame';
import type { FrotaDataProvider } from '../dataProvider';
import { useErrorText } from '../dataProvider/featureErrors';
import { useAccess } from '../authProvider/useAccess';
import { ResellerSummary } from './ResellerSummary';
import { ResellerUserForm, type NewResellerUser } from './ResellerUserForm';
import { ResellerUsers } from './ResellerUsers';
import { RESELLER_QUERY, useReseller } from './useReseller';

/** `/reseller`: the reseller's domain, limit use, users and sub-resellers. Resellers only. */
export const ResellerPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const { can } = useAccess();
  const allowed = can('list', 'reseller');
  const { data } = useReseller();
  const [creating, setCreating] = useState(false);
  const create = useMutation({
    mutationFn: (user: NewResellerUser) => dataProvider.createUser(user),
    onSuccess: async () => {
      notify('reseller.created', { type: 'success' });
      setCreating(false);
      await queryClient.invalidateQueries({ queryKey: RESELLER_QUERY });
    },
    onError: (error) => notify(errorText(error), { type: 'error' }),
  });
  if (!allowed) return null;

  return (
    <PageFrame title={translate('reseller.title')} maxWidth={800} card>
      {!data ? (
        <LinearProgress />
      ) : (
        <>
          <ResellerSummary overview={data} />
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="subtitle1">{translate('reseller.users')}</Typography>
            <Button startIcon={<PersonAddIcon />} onClick={() => setCreating(true)}>
              {translate('reseller.create')}
            </Button>
          </Box>
          <ResellerUsers users={data.users} />
          <ResellerUserForm
            open={creating}
            allowSubReseller={data.subReseller}
            onClose={() => setCreating(false)}
            onSubmit={(user) =>
              create.mutateAsync(user).then(
                () => true,
                // Refused: the error is shown (onError) and the form keeps what was typed.
                () => false,
              )
            }
          />
        </>
      )}
    </PageFrame>
  );
};
