import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import type { FrotaDataProvider } from '../dataProvider';
import type { AuditLog, LogsScope } from '../dataProvider/logs';
import { formatDateTime } from '../i18n/formatters';
import { useFormatPrefs } from '../i18n/useFormatPrefs';
import { actionLabel, isRefused, objectLabel, resultLabel } from './logText';
import { diffText, diffValues } from './valueDiff';
import { ScrollRegion } from '../common/ScrollRegion';

const PAGE_SIZES = [25, 50, 100];

/** Translated action codes and object names, and times in the user's format and zone. */
const useLogText = () => {
  const translate = useTranslate();
  const prefs = useFormatPrefs();
  return {
    label: (row: AuditLog) => actionLabel(row.log.code, translate, row.log.status),
    result: (status: number) => resultLabel(status, translate),
    objectText: (object: Record<string, number>) => objectLabel(object, translate),
    time: (value: string | number) => formatDateTime(value, prefs),
  };
};

const LogDetail = ({ row, onClose }: { row: AuditLog; onClose: () => void }) => {
  const translate = useTranslate();
  const { label, objectText, time, result } = useLogText();
  const lines = diffValues(row.log.old, row.log.data);
  const extra = row.log.command === undefined ? '' : JSON.stringify(row.log.command, null, 2);
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{label(row)}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" data-testid="log-meta">
          {time(row.time)} · {row.username ?? '—'} · {row.userIp ?? '—'} ·{' '}
          {objectText(row.log.object)} · {result(row.log.status)}
        </Typography>
        {row.userAgent && (
          <Typography variant="caption" color="text.secondary" component="div">
            {row.userAgent}
          </Typography>
        )}
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          {translate('logs.changes')}
        </Typography>
        {/* Text only: values are user data and must never become markup. */}
        <Box
          component="pre"
          data-testid="log-diff"
          sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: 13, m: 0 }}
        >
          {lines.length > 0 ? diffText(lines) : translate('logs.noChanges')}
        </Box>
        {extra && (
          <>
            <Typography variant="subtitle2" sx={{ mt: 2 }}>
              {translate('logs.command')}
            </Typography>
            <Box component="pre" sx={{ whiteSpace: 'pre-wrap', fontSize: 13, m: 0 }}>
              {extra}
            </Box>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};

/** Audit records of the server, a user or a device: paged, searchable, details as text. */
const LogsView = ({ scope }: { scope: LogsScope }) => {
  const translate = useTranslate();
  const { label, objectText, time, result } = useLogText();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(PAGE_SIZES[0]);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [selected, setSelected] = useState<AuditLog | null>(null);
  const scopeKey = scope.kind === 'server' ? 'server' : `${scope.kind}/${scope.id}`;

  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(search.trim());
      setPage(0);
    }, 300);
    return () => clearTimeout(timer);
  }, [search]);

  // scopeKey stands for scope, whose object identity changes on every render; the page shown
  // stays until the next one has loaded.
  const { data, error, isFetching } = useQuery({
    queryKey: ['logs', scopeKey, page, limit, q],
    queryFn: ({ signal }) =>
      dataProvider.getAuditLogs(scope, { offset: page * limit, limit, q }, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

  return (
    <Card sx={{ mt: 1 }}>
      <Box sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          size="small"
          label={translate('logs.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          inputProps={{ 'data-testid': 'logs-search', maxLength: 200 }}
          sx={{ minWidth: 280 }}
        />
        {data && (
          <Typography variant="body2" color="text.secondary">
            {translate('logs.total', { smart_count: data.total })}
          </Typography>
        )}
      </Box>
      {isFetching && <LinearProgress />}
      {error && <Alert severity="error">{error.message}</Alert>}
      {/* Wider than a phone: it scrolls sideways, from the keyboard too. */}
      <ScrollRegion label={translate('logs.title')}>
        <Table size="small" data-testid="logs-table">
          <TableHead>
            <TableRow>
              <TableCell>{translate('logs.columns.time')}</TableCell>
              <TableCell>{translate('logs.columns.user')}</TableCell>
              <TableCell>{translate('logs.columns.ip')}</TableCell>
              <TableCell>{translate('logs.columns.action')}</TableCell>
              <TableCell>{translate('logs.columns.object')}</TableCell>
              <TableCell>{translate('logs.columns.result')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data?.rows.map((row) => (
              <TableRow
                key={row.id}
                hover
                sx={{ cursor: 'pointer' }}
                onClick={() => setSelected(row)}
                data-testid="log-row"
              >
                <TableCell>{time(row.time)}</TableCell>
                <TableCell>{row.username ?? '—'}</TableCell>
                <TableCell>{row.userIp ?? '—'}</TableCell>
                <TableCell>{label(row)}</TableCell>
                <TableCell>{objectText(row.log.object)}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    label={result(row.log.status)}
                    color={isRefused(row.log.status) ? 'error' : 'success'}
                    variant="outlined"
                    data-testid="log-result"
                  />
                </TableCell>
              </TableRow>
            ))}
            {data && data.rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={6}>{translate('logs.empty')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </ScrollRegion>
      <TablePagination
        component="div"
        count={data?.total ?? 0}
        page={page}
        rowsPerPage={limit}
        rowsPerPageOptions={PAGE_SIZES}
        labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
        labelDisplayedRows={({ from, to, count }) =>
          translate('ra.navigation.page_range_info', {
            offsetBegin: from,
            offsetEnd: to,
            total: count,
          })
        }
        onPageChange={(_event, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setLimit(Number(event.target.value));
          setPage(0);
        }}
      />
      {selected && <LogDetail row={selected} onClose={() => setSelected(null)} />}
    </Card>
  );
};

/** `/logs` (server), `/logs/users/:id` and `/logs/devices/:id`. */
export const LogsPage = () => {
  const translate = useTranslate();
  const { kind, id } = useParams<{ kind?: string; id?: string }>();
  const objectId = Number(id);
  const scope: LogsScope =
    (kind === 'users' || kind === 'devices') && Number.isInteger(objectId) && objectId > 0
      ? { kind, id: objectId }
      : { kind: 'server' };
  const back =
    scope.kind === 'server'
      ? '/'
      : `/${scope.kind === 'users' ? 'users' : 'device-admin'}/${scope.id}`;
  const title =
    scope.kind === 'server'
      ? translate('logs.title')
      : translate(`logs.titleFor.${scope.kind}`, { id: scope.id });
  return (
    <Box>
      <Title title={title} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
        {scope.kind !== 'server' && (
          <IconButton component={Link} to={back} aria-label={translate('ra.action.back')}>
            <ArrowBackIcon />
          </IconButton>
        )}
        <Typography variant="h6">{title}</Typography>
      </Box>
      <LogsView scope={scope} />
    </Box>
  );
};
