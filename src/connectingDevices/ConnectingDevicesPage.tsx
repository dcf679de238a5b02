import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { useAccess } from '../authProvider/useAccess';
import { PageFrame } from '../common/PageFrame';
import type { ConnectingDevice } from '../dataProvider/connectingDevices';
import { useErrorText } from '../dataProvider/featureErrors';
import { formatDateTime, formatNumber, type FormatPrefs } from '../i18n/formatters';
import { useFormatPrefs } from '../i18n/useFormatPrefs';
import { ConnectingDevicesEmpty } from './ConnectingDevicesEmpty';
import { protocolLabel } from './protocolNames';
import { useConnectingDeviceActions, useConnectingDevices } from './useConnectingDevices';

const COLUMNS = [
  'uniqueId',
  'protocol',
  'address',
  'firstSeen',
  'lastSeen',
  'attempts',
  'actions',
] as const;

const ConnectingDeviceRow = ({ row, prefs }: { row: ConnectingDevice; prefs: FormatPrefs }) => {
  const translate = useTranslate();
  const { add, dismiss, busy } = useConnectingDeviceActions(row);
  return (
    <TableRow data-testid="connecting-device-row" data-unique-id={row.uniqueId}>
      <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{row.uniqueId}</TableCell>
      <TableCell title={row.protocol} data-protocol={row.protocol}>
        {protocolLabel(row.protocol)}
      </TableCell>
      <TableCell sx={{ wordBreak: 'break-all' }}>{row.address}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.firstSeen, prefs)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.lastSeen, prefs)}</TableCell>
      <TableCell align="right">{formatNumber(row.attempts, prefs.locale)}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <Button
          size="small"
          variant="contained"
          startIcon={<AddIcon />}
          disabled={busy}
          onClick={add}
          aria-label={translate('connectingDevices.addLabel', { uniqueId: row.uniqueId })}
        >
          {translate('connectingDevices.add')}
        </Button>
        <Button
          size="small"
          startIcon={<CloseIcon />}
          disabled={busy}
          onClick={dismiss}
          sx={{ ml: 1 }}
          aria-label={translate('connectingDevices.dismissLabel', { uniqueId: row.uniqueId })}
        >
          {translate('connectingDevices.dismiss')}
        </Button>
      </TableCell>
    </TableRow>
  );
};

/**
 * `/connecting-devices` (administrators): trackers that reach the server under an identifier no
 * device has, read again every few seconds while the page is open, each added as a device with
 * one click or dismissed. Empty, the page says how a tracker is pointed at this server.
 */
export const ConnectingDevicesPage = () => {
  const translate = useTranslate();
  const errorText = useErrorText();
  const prefs = useFormatPrefs();
  const { can } = useAccess();
  const allowed = can('list', 'connecting-devices');
  const { data, error, isPending } = useConnectingDevices(allowed, true);
  if (!allowed) return null;

  return (
    <PageFrame title={translate('connectingDevices.title')} maxWidth={1400} card>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('connectingDevices.hint')}
      </Typography>
      {isPending && !error && <LinearProgress />}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate('connectingDevices.failed', { error: errorText(error) })}
        </Alert>
      )}
      {data && data.length === 0 && <ConnectingDevicesEmpty />}
      {data && data.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="connecting-devices-table" sx={{ minWidth: 900 }}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((column) => (
                  <TableCell
                    key={column}
                    align={column === 'attempts' || column === 'actions' ? 'right' : undefined}
                  >
                    {translate(`connectingDevices.columns.${column}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((row) => (
                <ConnectingDeviceRow key={row.uniqueId} row={row} prefs={prefs} />
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </PageFrame>
  );
};
