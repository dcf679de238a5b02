import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { FrotaDataProvider } from '../dataProvider';
import { protocolLabel } from './protocolNames';

/**
 * The ports this server's devices report to, read from the server (they are set when it starts),
 * so an installer points a tracker at the right one. Nothing while unknown or unreadable.
 */
export const DevicePortsTable = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const { data: ports = [] } = useQuery({
    queryKey: ['devicePorts'],
    queryFn: ({ signal }) => dataProvider.getDevicePorts(signal),
    staleTime: Infinity,
    retry: false,
  });
  if (ports.length === 0) return null;
  return (
    <Table size="small" sx={{ maxWidth: 480, mb: 2 }} data-testid="device-ports">
      <TableHead>
        <TableRow>
          <TableCell>{translate('connectingDevices.ports.protocol')}</TableCell>
          <TableCell align="right">{translate('connectingDevices.ports.port')}</TableCell>
          <TableCell>{translate('connectingDevices.ports.transport')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {ports.map(({ protocol, port, transports }) => (
          <TableRow key={protocol} data-protocol={protocol}>
            <TableCell>{protocolLabel(protocol)}</TableCell>
            <TableCell align="right">{port}</TableCell>
            <TableCell>{transports.map((t) => t.toUpperCase()).join(', ')}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
