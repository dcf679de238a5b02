import { Alert, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { AuthCard } from '../../branding/AuthCard';

interface MaintenancePageProps {
  onRetry: () => void;
}

export const MaintenancePage = ({ onRetry }: MaintenancePageProps) => {
  const translate = useTranslate();
  return (
    <AuthCard title={translate('maintenance.title')}>
      <Alert severity="warning">{translate('maintenance.message')}</Alert>
      <Button variant="contained" onClick={onRetry}>
        {translate('maintenance.retry')}
      </Button>
    </AuthCard>
  );
};
