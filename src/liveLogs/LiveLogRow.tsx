import CallMadeIcon from '@mui/icons-material/CallMade';
import CallReceivedIcon from '@mui/icons-material/CallReceived';
import { Box, Chip, TableCell, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatTime } from '../i18n/formatters';
import type { FormatPrefs } from '../i18n/formatters';
import { useDevice } from '../live/liveStore';
import type { ShownLogRecord } from './useProtocolLogs';

/**
 * Which way a frame went: into the server from the device, or out to it. The icon carries the
 * words for screen readers and as its tooltip, so the narrow column needs no text.
 */
const Direction = ({ outgoing }: { outgoing: boolean }) => {
  const translate = useTranslate();
  const label = translate(outgoing ? 'liveLogs.sent' : 'liveLogs.received');
  const Icon = outgoing ? CallMadeIcon : CallReceivedIcon;
  return (
    <Icon
      fontSize="small"
      color={outgoing ? 'secondary' : 'primary'}
      titleAccess={label}
      data-direction={outgoing ? 'sent' : 'received'}
    />
  );
};

/** One logged frame: when, from where, which device, which way, and what it carried. */
export const LiveLogRow = ({
  record,
  prefs,
}: {
  record: ShownLogRecord;
  prefs: Pick<FormatPrefs, 'locale' | 'timeZone'>;
}) => {
  const translate = useTranslate();
  const device = useDevice(record.deviceId || undefined);
  return (
    <TableRow data-testid="live-log-row" data-outgoing={record.outgoing}>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTime(record.receivedAt, prefs)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{record.host}</TableCell>
      <TableCell>{record.protocol}</TableCell>
      <TableCell>
        {record.deviceId ? (
          <Box component="span" title={record.uniqueId}>
            {device?.name ?? record.uniqueId}
          </Box>
        ) : (
          <Box
            sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}
          >
            {record.uniqueId}
            <Chip size="small" color="warning" label={translate('liveLogs.unknownDevice')} />
          </Box>
        )}
      </TableCell>
      <TableCell align="center">
        <Direction outgoing={record.outgoing} />
      </TableCell>
      <TableCell title={record.data}>
        <Box
          sx={{
            fontFamily: 'monospace',
            fontSize: 12,
            wordBreak: 'break-all',
            display: '-webkit-box',
            WebkitLineClamp: 3,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {record.data}
        </Box>
      </TableCell>
    </TableRow>
  );
};
