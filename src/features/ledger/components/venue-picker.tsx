import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { venueDetailQueryOptions } from '../api/get-venue-detail';
import { venueOptionsQueryOptions } from '../api/search-venues';
import { RemoteSelect } from './remote-select';

interface VenuePickerProps {
  value: number | null;
  onChange(venue: number | null): void;
}

/** Which venue's balances to show, searched by name. */
export function VenuePicker({ value, onChange }: VenuePickerProps) {
  const { t } = useTranslation('ledger');
  const current = useQuery({ ...venueDetailQueryOptions(value ?? 0), enabled: value !== null });
  return (
    <RemoteSelect
      label={t('balances.venue')}
      value={value === null ? null : String(value)}
      current={current.data ? { value: String(current.data.id), label: current.data.name } : null}
      onChange={(next) => onChange(next === null ? null : Number(next))}
      options={venueOptionsQueryOptions}
      w={{ base: '100%', sm: 360 }}
    />
  );
}
