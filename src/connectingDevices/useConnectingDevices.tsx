import { Button } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCloseNotification, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { Device } from '../../model/device';
import type { FrotaDataProvider } from '../dataProvider';
import type { ConnectingDevice } from '../dataProvider/connectingDevices';
import { useErrorText } from '../dataProvider/featureErrors';
import { liveStore } from '../live/liveStore';
import { defaultDeviceName } from './protocolNames';

/** The list's query: the screen and the device list's hint share one copy. */
export const CONNECTING_DEVICES_QUERY = ['connectingDevices'];
/** While the screen is open, trackers that start trying show up within this. */
export const REFRESH_MS = 10_000;

/**
 * The devices trying to connect, read when `enabled`; `refresh` reads them again every
 * `REFRESH_MS` while the caller is on screen (react-query pauses in a hidden tab).
 */
export const useConnectingDevices = (enabled: boolean, refresh: boolean) => {
  const dataProvider = useDataProvider<FrotaDataProvider>();
  return useQuery({
    queryKey: CONNECTING_DEVICES_QUERY,
    queryFn: ({ signal }) => dataProvider.getConnectingDevices(signal),
    enabled,
    refetchInterval: refresh ? REFRESH_MS : false,
    // A failed read (proxy mode has no such list) is shown as it is, not retried at once.
    retry: false,
  });
};

/** The notice's way to the new device's form; it closes the notice on the way. */
const EditDeviceAction = ({ id }: { id: number }) => {
  const translate = useTranslate();
  const close = useCloseNotification();
  return (
    <Button component={Link} to={`/device-admin/${id}`} onClick={close} color="inherit">
      {translate('connectingDevices.edit')}
    </Button>
  );
};

const isNotFound = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;

/**
 * One row's actions. Adding creates the device through the ordinary device creation (the
 * identifier, named after its protocol) and says so with a way to its form; dismissing takes
 * the identifier off the list. Either way the row leaves the list at once, and the list is read
 * again to agree with the server.
 */
export const useConnectingDeviceActions = (row: ConnectingDevice) => {
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const errorText = useErrorText();

  const leave = () => {
    queryClient.setQueryData<ConnectingDevice[]>(CONNECTING_DEVICES_QUERY, (rows) =>
      rows?.filter((item) => item.uniqueId !== row.uniqueId),
    );
    void queryClient.invalidateQueries({ queryKey: CONNECTING_DEVICES_QUERY });
  };
  const fail = (error: unknown) =>
    notify('connectingDevices.actionFailed', {
      type: 'error',
      messageArgs: { error: errorText(error) },
    });

  const add = useMutation({
    mutationFn: async () =>
      (
        await dataProvider.create<Device>('device-admin', {
          data: { name: defaultDeviceName(row), uniqueId: row.uniqueId },
        })
      ).data,
    onSuccess: (device) => {
      leave();
      // The live map shows it at once, as a device made in its own dialog.
      liveStore.enqueue({ devices: [device] });
      void queryClient.invalidateQueries({ queryKey: ['device-admin'] });
      notify('connectingDevices.added', {
        type: 'success',
        messageArgs: { name: device.name },
        action: <EditDeviceAction id={device.id} />,
      });
    },
    onError: (error) => {
      fail(error);
      // Someone else may have added it meanwhile: the list then no longer has it.
      void queryClient.invalidateQueries({ queryKey: CONNECTING_DEVICES_QUERY });
    },
  });

  const dismiss = useMutation({
    mutationFn: () => dataProvider.dismissConnectingDevice(row.uniqueId),
    onSuccess: () => {
      leave();
      notify('connectingDevices.dismissed', {
        type: 'info',
        messageArgs: { uniqueId: row.uniqueId },
      });
    },
    // Gone already (added or dismissed elsewhere): the wish is fulfilled.
    onError: (error) => (isNotFound(error) ? leave() : fail(error)),
  });

  return {
    add: () => add.mutate(),
    dismiss: () => dismiss.mutate(),
    busy: add.isPending || dismiss.isPending,
  };
};
