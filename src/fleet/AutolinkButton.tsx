import AddLinkIcon from '@mui/icons-material/AddLink';
import { IconButton, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/** Next to the add-device button: add a device by identifier (`/autolink`). */
export const AutolinkButton = ({ disabled }: { disabled: boolean }) => {
  const translate = useTranslate();
  return (
    <Tooltip title={translate('autolink.menu')}>
      <span>
        <IconButton
          color="primary"
          component={Link}
          to="/autolink"
          disabled={disabled}
          aria-label={translate('autolink.menu')}
          data-testid="autolink-device"
        >
          <AddLinkIcon />
        </IconButton>
      </span>
    </Tooltip>
  );
};
