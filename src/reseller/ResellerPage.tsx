import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { PageFrame } from '../common/PageFrame';
import { request } from '../dataProvider/http';
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
  const { can } = useAccess();
  const allowed = can('list', 'reseller');
  const { data } = useReseller();
  const [creating, setCreating] = useState(false);
  if (!allowed) return null;

  const create = async (user: NewResellerUser) => {
    try {
      await request('/api/users', { method: 'POST', json: user });
      notify('reseller.created', { type: 'success' });
      setCreating(false);
      await queryClient.invalidateQueries({ queryKey: RESELLER_QUERY });
    } catch (error) {
      notify(errorText(error), { type: 'error' });
    }
  };

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
            onSubmit={create}
          />
        </>
      )}
    </PageFrame>
  );
};
