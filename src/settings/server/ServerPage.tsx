import { Card, LinearProgress } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TabbedForm, Title, useDataProvider, useTranslate } from 'react-admin';
import { useServerInfo } from '../../bootstrap/ServerInfoContext';
import { CHANNEL_KEYS, ChannelInputs } from '../channels/ChannelInputs';
import { publishServerInfo } from '../../bootstrap/serverInfoStore';
import type { FrotaDataProvider } from '../../dataProvider';
import type { Server } from '../../../model/server';
import { AttributesTab } from '../../common/AttributesEditor';
import { fromForm, toForm } from '../../common/formAttributes';
import { useAccess } from '../../authProvider/useAccess';
import { ServerMapInputs, ServerPermissionInputs, ServerPreferenceInputs } from './ServerInputs';
import { SERVER_BILLING_KEYS } from './serverBillingKeys';
import { SaveToolbar } from '../SaveToolbar';
import { REGISTER_UNKNOWN_KEYS } from './RegisterUnknownInputs';
import { TWO_FACTOR_KEYS } from './TwoFactorInputs';
import { useSaveFeedback } from '../../common/useSaveFeedback';
import { ScrollableTabs } from '../../common/ScrollableTabs';

const RESERVED = [
  'tarkan.lang',
  'tarkan.enableStops',
  'tarkan.enableEvents',
  'tarkan.logoWidth',
  'tarkan.enableLazyDeletion',
  'tarkan.enableQrDriverId',
  'tarkan.enableAdvancedPerms',
  'tarkan.enableLockUnlock',
  'tarkan.enableBilling',
  'tarkan.deviceLimit',
  'google_api',
  ...CHANNEL_KEYS,
  ...SERVER_BILLING_KEYS,
  ...TWO_FACTOR_KEYS,
  ...REGISTER_UNKNOWN_KEYS,
];

/** `/server` (administrators): every server setting, saved with `PUT /api/server`. */
export const ServerPage = () => {
  const translate = useTranslate();
  const feedback = useSaveFeedback();
  const queryClient = useQueryClient();
  const info = useServerInfo();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const { can } = useAccess();
  const { data: server } = useQuery({
    queryKey: ['server'],
    queryFn: () => dataProvider.getServer(),
  });
  if (!can('edit', 'server')) return null;

  const save = async (values: Record<string, unknown>) => {
    try {
      const saved = await dataProvider.updateServer(fromForm(values) as unknown as Server);
      queryClient.setQueryData(['server'], saved);
      publishServerInfo({ ...info, server: saved });
      void queryClient.invalidateQueries({ queryKey: ['auth'] });
      feedback.saved('admin.server.saved');
    } catch (error) {
      feedback.failed(error);
    }
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('menu.server')} />
      {!server ? (
        <LinearProgress />
      ) : (
        <TabbedForm
          record={toForm(server)}
          onSubmit={save}
          toolbar={<SaveToolbar />}
          tabs={<ScrollableTabs />}
        >
          <TabbedForm.Tab label="admin.server.tabs.preferences">
            <ServerPreferenceInputs />
          </TabbedForm.Tab>
          <TabbedForm.Tab label="admin.server.tabs.permissions" path="permissions">
            <ServerPermissionInputs />
          </TabbedForm.Tab>
          <TabbedForm.Tab label="admin.server.tabs.map" path="map">
            <ServerMapInputs />
          </TabbedForm.Tab>
          <TabbedForm.Tab label="channels.tab" path="channels">
            <ChannelInputs />
          </TabbedForm.Tab>
          <AttributesTab path="attributes" reserved={RESERVED} />
        </TabbedForm>
      )}
    </Card>
  );
};
