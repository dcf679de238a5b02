import { useLocation, useNavigate } from 'react-router-dom';
import { HOME_PATH, safeReturnPath } from '../../authProvider/loginRedirect';
import { MaintenancePage } from './MaintenancePage';

/** `/maintenance` opened while the server answers: retrying just goes back. */
export const MaintenanceRoute = () => {
  const navigate = useNavigate();
  const { state } = useLocation() as { state: { from?: string } | null };
  return <MaintenancePage onRetry={() => navigate(safeReturnPath(state?.from) ?? HOME_PATH)} />;
};
