import PaletteIcon from '@mui/icons-material/Palette';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { ResellerOverview } from '../../model';

/** The reseller's domain, how much of their user limit is used, and a link to their brand. */
export const ResellerSummary = ({ overview }: { overview: ResellerOverview }) => {
  const translate = useTranslate();
  const { domain, limit, used } = overview;
  const total = limit < 0 ? translate('reseller.unlimited') : String(limit);
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle2">{translate('reseller.domain')}</Typography>
      <Typography data-testid="reseller-domain" gutterBottom>
        {domain ?? translate('reseller.noDomain')}
      </Typography>
      <Typography data-testid="reseller-usage">
        {translate('reseller.usage', { used, limit: total })}
      </Typography>
      {limit > 0 && (
        <LinearProgress
          variant="determinate"
          value={Math.min(100, (used / limit) * 100)}
          sx={{ my: 1 }}
        />
      )}
      <Button component={Link} to="/theme" startIcon={<PaletteIcon />} size="small">
        {translate('reseller.editBrand')}
      </Button>
    </Box>
  );
};
