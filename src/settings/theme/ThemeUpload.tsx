import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { BrandConfig } from '../../../model/brand';
import type { UploadType } from '../../../model/theme';

interface ThemeUploadProps {
  type: UploadType;
  label: string;
  /** The current file's URL for the preview, or null when none is uploaded. */
  preview: string | null;
  onUploaded: (config: BrandConfig) => void;
  dark?: boolean;
}

/** Sends one image to `POST /tarkan/theme/upload?type=…`; the server checks and re-encodes it. */
const uploadThemeImage = async (type: UploadType, file: File): Promise<BrandConfig> => {
  const body = new FormData();
  body.append('file', file);
  const response = await fetch(`/tarkan/theme/upload?type=${encodeURIComponent(type)}`, {
    method: 'POST',
    body,
    credentials: 'include',
  });
  if (!response.ok) {
    const text = await response.text();
    throw new Error(text.split(' - ')[0] || `HTTP ${response.status}`);
  }
  return ((await response.json()) as { config: BrandConfig }).config;
};

export const ThemeUpload = ({ type, label, preview, onUploaded, dark }: ThemeUploadProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [pending, setPending] = useState(false);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setPending(true);
    try {
      onUploaded(await uploadThemeImage(type, file));
      notify('themeEditor.uploaded', { type: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', {
        type: 'error',
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Box
        sx={{
          width: 160,
          height: 80,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: dark ? 'grey.800' : 'grey.100',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
        }}
      >
        {preview && (
          <Box
            component="img"
            src={preview}
            alt={label}
            sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
          />
        )}
      </Box>
      <Box>
        <Typography variant="subtitle2">{label}</Typography>
        <Button
          component="label"
          variant="outlined"
          size="small"
          startIcon={pending ? <CircularProgress size={16} /> : <CloudUploadIcon />}
          disabled={pending}
          sx={{ mt: 0.5 }}
        >
          {translate('themeEditor.upload')}
          <input
            hidden
            type="file"
            accept="image/png,image/jpeg,image/webp"
            data-upload={type}
            onChange={(event) => {
              void choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </Button>
        <Typography variant="caption" display="block" color="text.secondary">
          {translate('themeEditor.uploadHelp')}
        </Typography>
      </Box>
    </Box>
  );
};
