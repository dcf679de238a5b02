import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import {
  decodePerms,
  encodePerms,
  isValidPerms,
  PERM_NAMES,
  type PermFlags,
  type PermName,
} from '../../../model/advancedPerms';
import { useServerInfo } from '../../bootstrap/ServerInfoContext';
import { attr } from '../../common/formAttributes';
import { PERM_ACTIONS, PERM_AREAS, PERM_COLUMNS } from '../../authProvider/permissionAreas';

const NONE = Object.fromEntries(PERM_NAMES.map((name) => [name, false])) as PermFlags;

/**
 * `tarkan.advancedPerms`: 128 bits as 32 hex digits (`model/advancedPerms.ts`). Without a value
 * the user may do everything; the first tick writes one, and "clear" removes it again.
 */
export const AdvancedPermsInput = () => {
  const translate = useTranslate();
  const { server, isPlus } = useServerInfo();
  const { field } = useInput({ source: attr('tarkan.advancedPerms') });
  const value = typeof field.value === 'string' ? field.value : '';
  const flags = isValidPerms(value) ? decodePerms(value) : NONE;
  const set = (name: PermName, on: boolean) =>
    field.onChange(encodePerms({ ...flags, [name]: on }));
  const setAll = (on: boolean) =>
    field.onChange(encodePerms(Object.fromEntries(PERM_NAMES.map((name) => [name, on]))));
  const enabled = server.attributes?.['tarkan.enableAdvancedPerms'] === true;
  const box = (name: PermName | undefined, label: string) =>
    name ? (
      <Checkbox
        checked={flags[name]}
        onChange={(event) => set(name, event.target.checked)}
        slotProps={{ input: { 'aria-label': label } }}
        data-perm={name}
      />
    ) : null;
  const t = (key: string) => translate(`admin.perms.${key}`);

  return (
    <Stack spacing={2} sx={{ width: '100%', maxWidth: 760 }} data-testid="advanced-perms">
      {/* The bits are in force only with the plus licence AND the server's switch, which only
          the plus licence offers: without the licence there is no setting to point to. */}
      {!isPlus && <Alert severity="info">{t('notPlus')}</Alert>}
      {isPlus && !enabled && <Alert severity="info">{t('serverOff')}</Alert>}
      {!value && <Alert severity="warning">{t('noneSet')}</Alert>}
      <Stack direction="row" spacing={1}>
        <Button size="small" onClick={() => setAll(true)}>
          {t('all')}
        </Button>
        <Button size="small" onClick={() => setAll(false)}>
          {t('none')}
        </Button>
        <Button size="small" onClick={() => field.onChange('')} disabled={!value}>
          {t('clear')}
        </Button>
      </Stack>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('area')}</TableCell>
            {PERM_COLUMNS.map((column) => (
              <TableCell key={column} align="center">
                {t(`columns.${column}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {PERM_AREAS.map((area) => {
            const name = t(`areas.${area.id}`);
            return (
              <TableRow key={area.id}>
                <TableCell>
                  <Typography variant="body2">{name}</Typography>
                  {area.extra?.map((bit) => (
                    <FormControlLabel
                      key={bit}
                      control={box(bit, t(`bits.${bit}`)) ?? <span />}
                      label={<Typography variant="caption">{t(`bits.${bit}`)}</Typography>}
                    />
                  ))}
                </TableCell>
                {PERM_COLUMNS.map((column) => (
                  <TableCell key={column} align="center">
                    {box(area[column], `${name}: ${t(`columns.${column}`)}`)}
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <Box>
        {PERM_ACTIONS.map((bit) => (
          <FormControlLabel
            key={bit}
            control={box(bit, t(`bits.${bit}`)) ?? <span />}
            label={t(`bits.${bit}`)}
          />
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary" data-testid="perms-hex">
        {value || '—'}
      </Typography>
    </Stack>
  );
};
