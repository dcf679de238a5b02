import { markerColors } from '../tint';
import { iconFor } from './categoryIcons';

interface CategoryIconProps {
  category: string | null | undefined;
  attributes?: Record<string, unknown>;
  size?: number;
  course?: number;
}

/** The same drawing as the map marker, as a small inline SVG for lists and menus. */
export const CategoryIcon = ({
  category,
  attributes,
  size = 24,
  course = 0,
}: CategoryIconProps) => {
  const icon = iconFor(category);
  const { primary, secondary } = markerColors(attributes);
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <g transform={`rotate(${course} 16 16)`} stroke="#fff" strokeWidth={1} strokeLinejoin="round">
        <path d={icon.primary} fill={primary} />
        {icon.secondary && <path d={icon.secondary} fill={secondary} />}
        {icon.dark && <path d={icon.dark} fill="#263238" />}
      </g>
    </svg>
  );
};
