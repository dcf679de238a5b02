import { Box } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { Device } from '../../../model/device';
import { deviceImageUrl } from '../../dataProvider/deviceImages';

/**
 * The device's photo (its `deviceImage` attribute) at the top of the detail card; nothing when it
 * has none or the file is gone.
 */
export const DevicePhoto = ({ device }: { device: Device }) => {
  const translate = useTranslate();
  const image = device.attributes?.deviceImage;
  const [failed, setFailed] = useState<string | null>(null);
  if (typeof image !== 'string' || !image) return null;
  const src = deviceImageUrl(device.uniqueId, image);
  if (failed === src) return null;
  return (
    <Box
      component="img"
      data-testid="detail-photo"
      src={src}
      alt={translate('deviceImage.alt', { name: device.name })}
      onError={() => setFailed(src)}
      sx={{ display: 'block', width: '100%', maxHeight: 180, objectFit: 'cover' }}
    />
  );
};
