import DeleteIcon from '@mui/icons-material/Delete';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { Box, Button, Menu, MenuItem } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { Position } from '../../model/position';
import { useAccess } from '../authProvider/useAccess';
import { ConfirmDialog } from '../common/ConfirmDialog';
import type { FrotaDataProvider } from '../dataProvider';
import { useErrorText } from '../dataProvider/featureErrors';
import type { PositionFileFormat, PositionRange } from '../dataProvider/positionTools';
import { formatDateTime } from '../i18n/formatters';
import { useFormatPrefs } from '../i18n/useFormatPrefs';
import { saveFile } from '../common/saveFile';

const FORMATS: PositionFileFormat[] = ['gpx', 'kml', 'csv'];

type Deleting = { kind: 'point'; position: Position } | { kind: 'range' };

/**
 * Under the route shown: export it as GPX, KML or CSV (the server's files), and for
 * administrators delete the current point or every position of the period, each confirmed.
 */
export const RouteTools = ({
  range,
  current,
  count,
  onDeleted,
}: {
  range: PositionRange;
  current: Position | undefined;
  count: number;
  onDeleted: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const prefs = useFormatPrefs();
  const { user } = useAccess();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);

  const exportFile = useMutation({
    mutationFn: (format: PositionFileFormat) => dataProvider.downloadPositions(format, range),
    onSuccess: ({ blob, name }) => {
      saveFile(blob, name);
      notify('positionTools.exported', { type: 'info', messageArgs: { name } });
    },
    onError: (error) =>
      notify('positionTools.exportFailed', {
        type: 'error',
        messageArgs: { error: errorText(error) },
      }),
  });
  const remove = useMutation({
    mutationFn: (what: Deleting) =>
      what.kind === 'point'
        ? dataProvider.deletePosition(what.position.id)
        : dataProvider.deletePositions(range),
    onSuccess: () => {
      setDeleting(null);
      notify('positionTools.deleted', { type: 'success' });
      onDeleted();
    },
    onError: (error) => {
      setDeleting(null);
      notify('positionTools.failed', { type: 'error', messageArgs: { error: errorText(error) } });
    },
  });

  const time = (value: Date | string) => formatDateTime(value, prefs);
  const message =
    deleting?.kind === 'point'
      ? translate('positionTools.confirmPoint', { time: time(deleting.position.fixTime) })
      : translate('positionTools.confirmRange', {
          smart_count: count,
          from: time(range.from),
          to: time(range.to),
        });

  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', px: 1.5, pt: 1 }}>
      <Button
        size="small"
        startIcon={<FileDownloadIcon />}
        onClick={(event) => setMenu(event.currentTarget)}
        disabled={exportFile.isPending}
        aria-haspopup="menu"
      >
        {translate('positionTools.export')}
      </Button>
      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        {FORMATS.map((format) => (
          <MenuItem
            key={format}
            onClick={() => {
              setMenu(null);
              exportFile.mutate(format);
            }}
          >
            {translate(`positionTools.formats.${format}`)}
          </MenuItem>
        ))}
      </Menu>
      {user?.administrator && (
        <>
          <Button
            size="small"
            color="error"
            startIcon={<DeleteIcon />}
            disabled={!current || remove.isPending}
            onClick={() => current && setDeleting({ kind: 'point', position: current })}
          >
            {translate('positionTools.deletePoint')}
          </Button>
          <Button
            size="small"
            color="error"
            startIcon={<DeleteSweepIcon />}
            disabled={count === 0 || remove.isPending}
            onClick={() => setDeleting({ kind: 'range' })}
          >
            {translate('positionTools.deleteRange')}
          </Button>
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={translate(
          deleting?.kind === 'point'
            ? 'positionTools.confirmPointTitle'
            : 'positionTools.confirmRangeTitle',
        )}
        message={message}
        cancelLabel={translate('positionTools.cancel')}
        confirmLabel={translate('positionTools.confirm')}
        confirmColor="error"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
        testId="position-delete-confirm"
      />
    </Box>
  );
};
