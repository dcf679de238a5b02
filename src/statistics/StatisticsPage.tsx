import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { useAccess } from '../authProvider/useAccess';
import { ScrollRegion } from '../common/ScrollRegion';
import { PageFrame } from '../common/PageFrame';
import type { FrotaDataProvider } from '../dataProvider';
import { STATISTICS_COUNTERS, type Statistics } from '../../model';
import { formatDate, formatNumber } from '../i18n/formatters';
import { useFormatPrefs } from '../i18n/useFormatPrefs';
import { fromLocalInput, toLocalInput } from '../common/localDateInput';
import { useErrorText } from '../dataProvider/featureErrors';
import { DateField } from '../common/DateTimeField';

/** The counted columns, in Traccar's order; every one adds up over the period but the active ones. */
const COLUMNS = ['activeUsers', 'activeDevices', ...STATISTICS_COUNTERS] as const;

/** Distinct users and devices per day do not add up over days: no total for them. */
const NO_TOTAL = new Set<string>(['activeUsers', 'activeDevices']);

const DAY = 86_400_000;

/** `yyyy-mm-dd` of a date in the user's zone, as a date input holds it. */
const dateInput = (date: Date, timeZone: string) => toLocalInput(date, timeZone).slice(0, 10);

interface Period {
  from: Date;
  to: Date;
}

/**
 * The chosen days in the user's zone (the zone the rows are labelled in): from the first one's
 * start to the last one's end, whatever length daylight saving gives them.
 */
const periodOf = (from: string, to: string, timeZone: string): Period | null => {
  const start = fromLocalInput(`${from}T00:00`, timeZone);
  const end = fromLocalInput(`${to}T23:59:59`, timeZone);
  if (!start || !end || end < start) return null;
  return { from: start, to: new Date(end.getTime() + 999) };
};

/** One row per day of server usage with the period's totals. */
const StatisticsTable = ({ rows }: { rows: Statistics[] }) => {
  const translate = useTranslate();
  const prefs = useFormatPrefs();
  const number = (value: number) => formatNumber(value, prefs.locale);
  // A row's captureTime is the start of the server's day; its midday names that day in any zone
  // within twelve hours of the server's.
  const day = (row: Statistics) =>
    formatDate(new Date(Date.parse(row.captureTime) + DAY / 2), prefs.locale, prefs.timeZone);
  const protocols = (row: Statistics) =>
    Object.entries(row.protocols ?? {})
      .map(([name, count]) => `${name}: ${number(count)}`)
      .join(', ') || '—';
  return (
    <ScrollRegion label={translate('statistics.title')}>
      <Table size="small" data-testid="statistics-table">
        <TableHead>
          <TableRow>
            <TableCell>{translate('statistics.columns.captureTime')}</TableCell>
            {COLUMNS.map((column) => (
              <TableCell key={column} align="right">
                {translate(`statistics.columns.${column}`)}
              </TableCell>
            ))}
            <TableCell>{translate('statistics.columns.protocols')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} data-testid="statistics-row">
              <TableCell>{day(row)}</TableCell>
              {COLUMNS.map((column) => (
                <TableCell key={column} align="right">
                  {number(row[column])}
                </TableCell>
              ))}
              <TableCell>{protocols(row)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow data-testid="statistics-total">
            <TableCell>{translate('statistics.total')}</TableCell>
            {COLUMNS.map((column) => (
              <TableCell key={column} align="right">
                {NO_TOTAL.has(column)
                  ? '—'
                  : number(rows.reduce((sum, row) => sum + row[column], 0))}
              </TableCell>
            ))}
            <TableCell />
          </TableRow>
        </TableFooter>
      </Table>
    </ScrollRegion>
  );
};

/** `/statistics`: the server's usage per day over a period of days (administrators). */
export const StatisticsPage = () => {
  const translate = useTranslate();
  const errorText = useErrorText();
  const { can } = useAccess();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const { timeZone } = useFormatPrefs();
  const [from, setFrom] = useState(() => dateInput(new Date(Date.now() - 6 * DAY), timeZone));
  const [to, setTo] = useState(() => dateInput(new Date(), timeZone));
  const [shown, setShown] = useState<Period | null>(() => periodOf(from, to, timeZone));
  const chosen = periodOf(from, to, timeZone);
  const allowed = can('list', 'statistics');
  const { data, error, isFetching } = useQuery({
    queryKey: ['statistics', shown?.from.getTime(), shown?.to.getTime()],
    queryFn: ({ signal }) => dataProvider.getStatistics(shown!.from, shown!.to, signal),
    enabled: allowed && shown !== null,
    retry: false,
  });
  if (!allowed) return null;

  return (
    <PageFrame title={translate('statistics.title')} maxWidth={1400} card>
      <Box
        component="form"
        sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen) setShown(chosen);
        }}
      >
        <DateField label={translate('statistics.from')} value={from} onChange={setFrom} />
        <DateField
          label={translate('statistics.to')}
          value={to}
          onChange={setTo}
          error={chosen === null}
          helperText={chosen === null ? translate('statistics.invalidPeriod') : undefined}
        />
        <Button type="submit" variant="contained" disabled={chosen === null || isFetching}>
          {translate('statistics.show')}
        </Button>
      </Box>
      {isFetching && <LinearProgress />}
      {error && (
        <Alert severity="error">
          {translate('statistics.failed', { error: errorText(error) })}
        </Alert>
      )}
      {data && data.length === 0 && (
        <Typography color="text.secondary">{translate('statistics.empty')}</Typography>
      )}
      {data && data.length > 0 && <StatisticsTable rows={data} />}
    </PageFrame>
  );
};
