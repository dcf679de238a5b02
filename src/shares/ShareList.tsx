import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { IconButton, List, ListItem, ListItemText, Tooltip, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { ConfirmDialog } from '../common/ConfirmDialog';
import type { FrotaDataProvider } from '../dataProvider';
import type { Share } from '../dataProvider/shares';
import { formatDateTime } from '../i18n/formatters';
import { useFormatPrefs } from '../i18n/useFormatPrefs';
import { copyLink, shareLink } from './shareLink';

/** The query of the share lists; a new link refreshes them. */
export const SHARES_QUERY = ['shares', 'list'];

/**
 * Active links, newest first: copy again or revoke (after confirmation). `deviceId` narrows to
 * one device.
 */
export const ShareList = ({
  deviceId,
  deviceName,
}: {
  deviceId?: number;
  deviceName?: (id: number) => string;
}) => {
  const translate = useTranslate();
  const prefs = useFormatPrefs();
  const notify = useNotify();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const queryClient = useQueryClient();
  const [revoking, setRevoking] = useState<Share | null>(null);
  const list = useQuery({
    queryKey: [...SHARES_QUERY, deviceId ?? 'all'],
    queryFn: () => dataProvider.getShares(deviceId),
    retry: false,
  });
  // A list that failed to load reads as empty.
  const shares = list.isError ? [] : list.data;
  const revoke = useMutation({
    mutationFn: (share: Share) => dataProvider.revokeShare(share.id),
    onSuccess: () => notify('shares.revoked', { type: 'info' }),
    onError: (error) =>
      notify('shares.failed', { type: 'error', messageArgs: { error: String(error) } }),
    onSettled: () => {
      setRevoking(null);
      void queryClient.invalidateQueries({ queryKey: SHARES_QUERY });
    },
  });

  if (!shares) return null;
  if (shares.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="shares-empty">
        {translate('shares.empty')}
      </Typography>
    );
  }
  return (
    <>
      <List dense data-testid="share-list">
        {shares.map((share) => (
          <ListItem
            key={share.id}
            secondaryAction={
              <>
                <Tooltip title={translate('shares.copy')}>
                  <IconButton
                    aria-label={translate('shares.copy')}
                    onClick={() =>
                      void copyLink(shareLink(share)).then(() =>
                        notify('shares.copied', { type: 'info' }),
                      )
                    }
                  >
                    <ContentCopyIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={translate('shares.revoke')}>
                  <IconButton
                    aria-label={translate('shares.revoke')}
                    onClick={() => setRevoking(share)}
                  >
                    <LinkOffIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </>
            }
          >
            <ListItemText
              primary={deviceName ? `${share.name} — ${deviceName(share.deviceId)}` : share.name}
              secondary={`${translate('shares.expires')}: ${formatDateTime(share.expirationTime, prefs)}`}
            />
          </ListItem>
        ))}
      </List>
      {revoking && (
        <ConfirmDialog
          open
          message={translate('shares.revokeConfirm', { name: revoking.name })}
          confirmLabel={translate('shares.revoke')}
          cancelLabel={translate('actions.cancel')}
          confirmColor="error"
          onConfirm={() => revoke.mutate(revoking)}
          onCancel={() => setRevoking(null)}
        />
      )}
    </>
  );
};
