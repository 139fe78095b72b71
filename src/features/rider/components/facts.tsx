import { Table } from '@mantine/core';

/** Label–value rows of a record; empty values show a dash. */
export function Facts({ rows }: { rows: [label: string, value: string | null | undefined][] }) {
  return (
    <Table variant="vertical" withTableBorder={false}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w="40%">{label}</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value || '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
