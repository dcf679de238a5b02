import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent } from 'react';
import { useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Device } from '../../../model/device';
import type { FrotaDataProvider } from '../../dataProvider';
import {
  DEVICE_IMAGE_MAX_BYTES,
  DEVICE_IMAGE_TYPES,
  deviceImageUrl,
} from '../../dataProvider/deviceImages';
import { useErrorText } from '../../dataProvider/featureErrors';
import { attr } from '../../common/formAttributes';

const SOURCE = attr('deviceImage');

/** The server's refusals that have a message of their own: too large, or not an image. */
function refusalKey(error: unknown): string | null {
  const text = error instanceof Error ? error.message : '';
  if (text.startsWith('Image size limit exceeded')) return 'deviceImage.tooLarge';
  if (/^(Unsupported image type|Image content does not match)/.test(text)) {
    return 'deviceImage.badType';
  }
  return null;
}

/**
 * The device photo, as Traccar's web app keeps it: the file goes to the server at once
 * (`POST /api/devices/{id}/image`), and its name becomes the `deviceImage` attribute, saved with
 * the form. Removing clears the attribute. Needs a saved device, since the upload names its id.
 */
export const DeviceImageInput = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const device = useRecordContext<Device>();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const { setValue } = useFormContext();
  const image = useWatch({ name: SOURCE }) as string | null | undefined;
  const input = useRef<HTMLInputElement>(null);
  // A new upload keeps the file name, so the preview asks past the browser's cache.
  const [version, setVersion] = useState<number>();

  const send = useMutation({
    mutationFn: (file: File) => dataProvider.uploadDeviceImage(device!.id, file),
    onSuccess: (name) => {
      setValue(SOURCE, name, { shouldDirty: true });
      setVersion(Date.now());
      notify('deviceImage.uploaded', { type: 'success' });
    },
    onError: (error) => {
      const key = refusalKey(error);
      if (key) notify(key, { type: 'error' });
      else
        notify('deviceImage.failed', { type: 'error', messageArgs: { error: errorText(error) } });
    },
  });

  if (!device?.id) return null;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!DEVICE_IMAGE_TYPES.includes(file.type)) {
      notify('deviceImage.badType', { type: 'error' });
    } else if (file.size > DEVICE_IMAGE_MAX_BYTES) {
      notify('deviceImage.tooLarge', { type: 'error' });
    } else {
      send.mutate(file);
    }
  };

  const remove = () => {
    setValue(SOURCE, '', { shouldDirty: true });
    notify('deviceImage.removed', { type: 'info' });
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 420 }}>
      {image ? (
        <Box
          component="img"
          data-testid="device-image-preview"
          src={deviceImageUrl(device.uniqueId, image, version)}
          alt={translate('deviceImage.alt', { name: device.name })}
          sx={{
            width: '100%',
            maxHeight: 260,
            objectFit: 'contain',
            borderRadius: 1,
            bgcolor: 'grey.100',
          }}
        />
      ) : (
        <Alert severity="info">{translate('deviceImage.none')}</Alert>
      )}
      <Typography variant="body2" color="text.secondary">
        {translate('deviceImage.hint')}
      </Typography>
      <input
        ref={input}
        type="file"
        hidden
        accept={DEVICE_IMAGE_TYPES.join(',')}
        onChange={choose}
        data-testid="device-image-file"
        aria-label={translate('deviceImage.choose')}
      />
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" onClick={() => input.current?.click()} disabled={send.isPending}>
          {translate(
            send.isPending
              ? 'deviceImage.uploading'
              : image
                ? 'deviceImage.replace'
                : 'deviceImage.choose',
          )}
        </Button>
        {image && (
          <Button color="error" onClick={remove} disabled={send.isPending}>
            {translate('deviceImage.remove')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
};
