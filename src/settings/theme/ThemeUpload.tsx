import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useSaveFeedback } from '../../common/useSaveFeedback';
import type { FrotaDataProvider } from '../../dataProvider';
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

/** One image of the brand; the server checks and re-encodes it and answers the new config. */
export const ThemeUpload = ({ type, label, preview, onUploaded, dark }: ThemeUploadProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const feedback = useSaveFeedback();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const upload = useMutation({
    mutationFn: (file: File) => dataProvider.uploadThemeImage(type, file),
    onSuccess: (config) => {
      onUploaded(config);
      notify('themeEditor.uploaded', { type: 'success' });
    },
    onError: feedback.failed,
  });
  const pending = upload.isPending;

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
              const file = event.target.files?.[0];
              if (file) upload.mutate(file);
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
