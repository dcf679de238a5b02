import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import type { ReactNode } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  /** What is about to happen. */
  message: ReactNode;
  title?: string;
  confirmLabel: string;
  cancelLabel: string;
  /** `error` for what cannot be undone. */
  confirmColor?: 'primary' | 'error' | 'success' | 'warning';
  /** The action is running: both buttons wait for it. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
}

/** Asks before an action: the message, then cancel or confirm. */
export const ConfirmDialog = ({
  open,
  message,
  title,
  confirmLabel,
  cancelLabel,
  confirmColor = 'primary',
  busy = false,
  onConfirm,
  onCancel,
  testId,
}: ConfirmDialogProps) => (
  <Dialog open={open} onClose={onCancel} data-testid={testId}>
    {title && <DialogTitle>{title}</DialogTitle>}
    <DialogContent>
      <DialogContentText>{message}</DialogContentText>
    </DialogContent>
    <DialogActions>
      <Button onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </Button>
      <Button variant="contained" color={confirmColor} onClick={onConfirm} disabled={busy}>
        {confirmLabel}
      </Button>
    </DialogActions>
  </Dialog>
);
