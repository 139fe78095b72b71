import { useTranslation } from 'react-i18next';
import type { InspectionStatus } from '@shared/schemas/floor';
import { Chip } from './marks';

/** Dark shades, so that small white text on them keeps a 4.5:1 contrast (WCAG AA). */
export const STATUS_COLORS: Record<InspectionStatus | 'none', string> = {
  passed: 'teal.9',
  failed: 'red.9',
  held: 'grape.9',
  none: 'gray.7',
};

/** A horse's vet status: the latest inspection's result, or "not inspected". */
export function VetStatus({ status }: { status: InspectionStatus | null }) {
  const { t } = useTranslation('floor');
  return (
    <Chip color={STATUS_COLORS[status ?? 'none']} variant={status ? 'filled' : 'outline'}>
      {t(`vet.status.${status ?? 'none'}`)}
    </Chip>
  );
}
