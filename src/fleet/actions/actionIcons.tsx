import AnchorIcon from '@mui/icons-material/Anchor';
import GpsFixedIcon from '@mui/icons-material/GpsFixed';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import RouteIcon from '@mui/icons-material/Route';
import SendIcon from '@mui/icons-material/Send';
import ShareIcon from '@mui/icons-material/Share';
import ZoomInIcon from '@mui/icons-material/ZoomIn';

export const actionIcons = {
  follow: <GpsFixedIcon />,
  trail: <RouteIcon />,
  zoom: <ZoomInIcon />,
  lock: <LockIcon />,
  unlock: <LockOpenIcon />,
  anchor: <AnchorIcon />,
  command: <SendIcon />,
  share: <ShareIcon />,
  qr: <QrCodeIcon />,
};
