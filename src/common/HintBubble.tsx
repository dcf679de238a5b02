import { Tooltip, type TooltipProps } from '@mui/material';

export interface HintBubbleProps {
  /** The control the bubble points at. */
  anchor: Element;
  title: string;
  placement?: TooltipProps['placement'];
}

/**
 * MUI's tooltip bubble shown beside a control it does not wrap: wrapping would mount the control
 * anew when the bubble arrives, and a click landing then would be lost. The tooltip's own child is
 * an empty hidden span; its popper is pointed at the control instead.
 */
export const HintBubble = ({ anchor, title, placement = 'bottom' }: HintBubbleProps) => (
  <Tooltip
    open
    title={title}
    placement={placement}
    disableInteractive
    slotProps={{ popper: { anchorEl: anchor } }}
  >
    <span hidden />
  </Tooltip>
);
