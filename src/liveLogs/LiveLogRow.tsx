import { Box, Chip, TableCell, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatTime } from '../i18n/formatters';
import type { FormatPrefs } from '../i18n/formatters';
import { useDevice } from '../live/liveStore';
import type { ShownLogRecord } from './useProtocolLogs';

/** One received device message: when, from where, which device, and what it carried. */
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
    <TableRow data-testid="live-log-row">
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
