import DownloadIcon from '@mui/icons-material/Download';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Autocomplete, Box, Button, CircularProgress, MenuItem, TextField } from '@mui/material';
import { type ReactNode, useMemo, useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { useGroups } from '../live/useReferenceData';
import type { Device } from '../../model/device';
import type { ReportQuery } from '../dataProvider/reports';
import { useFormatPrefs } from '../i18n/useFormatPrefs';
import { PRESETS, type Preset, presetRange, weekStartFor } from './presets';
import { fromLocalInput, toLocalInput } from '../common/localDateInput';
import { DateTimeField } from '../common/DateTimeField';

interface Option {
  id: number;
  name: string;
}

const ALL = {
  pagination: { page: 1, perPage: 1_000_000 },
  sort: { field: 'name', order: 'ASC' as const },
};

const byName = (a: Option, b: Option) => a.name.localeCompare(b.name);

interface ReportFilterProps {
  /** One device (route history) instead of devices and groups. */
  single?: boolean;
  busy: boolean;
  exporting: boolean;
  onLoad: (query: ReportQuery) => void;
  onExport: (query: ReportQuery) => void;
  /** Extra switches (daily, show markers) next to the buttons. */
  children?: ReactNode;
  /** More buttons after Export (mail, schedule), given the filter's checked query builder. */
  extraActions?: (build: () => ReportQuery | null) => ReactNode;
}

/**
 * A date field grows to share its row, but no wider than a date and time need: alone on a row of
 * a widened panel it would otherwise stretch across the whole report.
 */
const DATE_FIELD = { flex: '1 1 210px', maxWidth: { sm: 320 } } as const;

/** Devices and groups, a preset or a custom range, and Load / Export. */
export const ReportFilter = ({
  single,
  busy,
  exporting,
  onLoad,
  onExport,
  children,
  extraActions,
}: ReportFilterProps) => {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const { data: deviceRows } = useGetList<Device>('device-admin', ALL, { staleTime: 60_000 });
  const groupRows = useGroups();
  const devices = useMemo<Option[]>(
    () => (deviceRows ?? []).map(({ id, name }) => ({ id: Number(id), name })).sort(byName),
    [deviceRows],
  );
  const groups = useMemo<Option[]>(
    () => groupRows.map(({ id, name }) => ({ id, name })).sort(byName),
    [groupRows],
  );
  const initialDevice = Number(params.get('deviceId')) || null;
  const [deviceIds, setDeviceIds] = useState<number[]>(initialDevice ? [initialDevice] : []);
  const [groupIds, setGroupIds] = useState<number[]>([]);
  const [preset, setPreset] = useState<Preset | 'custom'>('today');
  const { locale, timeZone } = useFormatPrefs();
  const weekStart = weekStartFor(locale);
  const rangeOf = (value: Preset) => presetRange(value, new Date(), timeZone, weekStart);
  const initial = rangeOf('today');
  const [from, setFrom] = useState(toLocalInput(initial.from, timeZone));
  const [to, setTo] = useState(toLocalInput(initial.to, timeZone));
  const [error, setError] = useState<string | null>(null);

  const choosePreset = (value: Preset | 'custom') => {
    setPreset(value);
    if (value !== 'custom') {
      const range = rangeOf(value);
      setFrom(toLocalInput(range.from, timeZone));
      setTo(toLocalInput(range.to, timeZone));
    }
  };

  /** Presets are recomputed at load time, so "today" left open overnight still means today. */
  const build = (): ReportQuery | null => {
    const range =
      preset === 'custom'
        ? { from: fromLocalInput(from, timeZone), to: fromLocalInput(to, timeZone) }
        : rangeOf(preset);
    if (single ? deviceIds.length !== 1 : deviceIds.length + groupIds.length === 0) {
      setError(translate(single ? 'reports.filter.needDevice' : 'reports.filter.needTarget'));
      return null;
    }
    if (!range.from || !range.to || range.from >= range.to) {
      setError(translate('reports.filter.badRange'));
      return null;
    }
    setError(null);
    return {
      deviceIds,
      groupIds: single ? [] : groupIds,
      from: range.from,
      to: range.to,
      timeZone,
    };
  };

  const selected = (options: Option[], ids: number[]) =>
    options.filter((option) => ids.includes(option.id));

  return (
    <Box
      component="form"
      data-testid="report-filter"
      onSubmit={(event) => {
        event.preventDefault();
        const query = build();
        if (query) onLoad(query);
      }}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        p: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {single ? (
        <Autocomplete
          size="small"
          sx={{ flex: '1 1 240px' }}
          options={devices}
          value={selected(devices, deviceIds)[0] ?? null}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_, value) => setDeviceIds(value ? [value.id] : [])}
          renderInput={(input) => (
            <TextField
              {...input}
              label={translate('reports.filter.device')}
              data-testid="report-device"
            />
          )}
        />
      ) : (
        <>
          <Autocomplete
            multiple
            size="small"
            limitTags={2}
            sx={{ flex: '1 1 240px' }}
            options={devices}
            value={selected(devices, deviceIds)}
            getOptionLabel={(option) => option.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_, value) => setDeviceIds(value.map((option) => option.id))}
            renderInput={(input) => (
              <TextField
                {...input}
                label={translate('reports.filter.devices')}
                data-testid="report-devices"
              />
            )}
          />
          <Autocomplete
            multiple
            size="small"
            limitTags={2}
            sx={{ flex: '1 1 180px' }}
            options={groups}
            value={selected(groups, groupIds)}
            getOptionLabel={(option) => option.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_, value) => setGroupIds(value.map((option) => option.id))}
            renderInput={(input) => (
              <TextField
                {...input}
                label={translate('reports.filter.groups')}
                data-testid="report-groups"
              />
            )}
          />
        </>
      )}
      <TextField
        select
        size="small"
        label={translate('reports.filter.period')}
        value={preset}
        onChange={(event) => choosePreset(event.target.value as Preset | 'custom')}
        sx={{ flex: '0 1 170px' }}
        slotProps={{ select: { inputProps: { 'data-testid': 'report-preset' } } }}
      >
        {[...PRESETS, 'custom' as const].map((value) => (
          <MenuItem key={value} value={value}>
            {translate(`reports.presets.${value}`)}
          </MenuItem>
        ))}
      </TextField>
      <DateTimeField
        label={translate('reports.filter.from')}
        value={from}
        onChange={(value) => {
          setFrom(value);
          setPreset('custom');
        }}
        testId="report-from"
        sx={DATE_FIELD}
      />
      <DateTimeField
        label={translate('reports.filter.to')}
        value={to}
        onChange={(value) => {
          setTo(value);
          setPreset('custom');
        }}
        testId="report-to"
        sx={DATE_FIELD}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', width: '100%' }}>
        <Button
          type="submit"
          variant="contained"
          size="small"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} /> : <PlayArrowIcon />}
        >
          {translate('reports.filter.load')}
        </Button>
        <Button
          variant="outlined"
          size="small"
          disabled={exporting}
          startIcon={exporting ? <CircularProgress size={16} /> : <DownloadIcon />}
          onClick={() => {
            const query = build();
            if (query) onExport(query);
          }}
        >
          {translate('reports.filter.export')}
        </Button>
        {extraActions?.(build)}
        {children}
        {error && (
          <Box role="alert" sx={{ color: 'error.main', fontSize: 14 }}>
            {error}
          </Box>
        )}
      </Box>
    </Box>
  );
};
