import { Box, Card, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useDeviceStore } from './deviceNames';
import { ShareList } from './ShareList';

/** `/shares`: every active link of the signed-in user (an admin's: everyone's). */
export const SharesPage = () => {
  const translate = useTranslate();
  const deviceName = useDeviceStore();
  return (
    <Box sx={{ p: 2, maxWidth: 800 }}>
      <Title title={translate('shares.title')} />
      <Card>
        <CardContent>
          <Typography variant="h6" gutterBottom>
            {translate('shares.title')}
          </Typography>
          <ShareList deviceName={deviceName} />
        </CardContent>
      </Card>
    </Box>
  );
};
