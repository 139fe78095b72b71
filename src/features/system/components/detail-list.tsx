import { DataList } from '@mantine/core';
import type { ReactNode } from 'react';

/** Label and value pairs of a details dialog; empty values are left out. */
export function DetailList({ items }: { items: [label: string, value: ReactNode][] }) {
  return (
    <DataList labelWidth={140} withDivider>
      {items
        .filter(([, value]) => value !== null && value !== undefined && value !== '')
        .map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
    </DataList>
  );
}
