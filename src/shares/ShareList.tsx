import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { IconButton, List, ListItem, ListItemText, Tooltip, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { listShares, revokeShare, type Share, shareLink } from './shareApi';

export const copyLink = (link: string) => navigator.clipboard?.writeText(link) ?? Promise.reject();

/**
 * Active links, newest first: copy again or revoke (after confirmation). `deviceId` narrows to
 * one device; `refresh` bumps reload the list.
 */
export const ShareList = ({
  deviceId,
  refresh = 0,
  deviceName,
}: {
  deviceId?: number;
  refresh?: number;
  deviceName?: (id: number) => string;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [shares, setShares] = useState<Share[] | null>(null);
  const [revoking, setRevoking] = useState<Share | null>(null);

  const load = useCallback(() => {
    listShares(deviceId)
      .then(setShares)
      .catch(() => setShares([]));
  }, [deviceId]);
  useEffect(load, [load, refresh]);

  const revoke = (share: Share) =>
    revokeShare(share.id)
      .then(() => notify('shares.revoked', { type: 'info' }))
      .catch((error: unknown) =>
        notify('shares.failed', { type: 'error', messageArgs: { error: String(error) } }),
      )
      .finally(() => {
        setRevoking(null);
        load();
      });

  if (shares === null) return null;
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
              secondary={`${translate('shares.expires')}: ${new Date(share.expirationTime).toLocaleString()}`}
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
          onConfirm={() => void revoke(revoking)}
          onCancel={() => setRevoking(null)}
        />
      )}
    </>
  );
};
