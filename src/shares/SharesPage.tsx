import { useTranslate } from 'react-admin';
import { PageFrame } from '../common/PageFrame';
import { useDeviceStore } from './deviceNames';
import { ShareList } from './ShareList';

/** `/shares`: every active link of the signed-in user (an admin's: everyone's). */
export const SharesPage = () => {
  const translate = useTranslate();
  const deviceName = useDeviceStore();
  return (
    <PageFrame title={translate('shares.title')} maxWidth={800} card>
      <ShareList deviceName={deviceName} />
    </PageFrame>
  );
};
