import { Table, Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import type { Minor } from '@shared/money';
import { formatMoney } from '@/lib/format';

/** Figures line up: tabular digits, never wrapped. */
export const NUMERIC: CSSProperties = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' };

interface AmountProps {
  minor: Minor;
  /** The venue's currency label (its code, or its display sign). */
  currency: string;
}

/** An amount with exactly two decimals and the currency, its sign as it is. */
export function Amount({ minor, currency }: AmountProps) {
  return (
    <Text span inherit style={NUMERIC}>
      {formatMoney(minor, currency)}
    </Text>
  );
}

/** A right-aligned table cell of figures. */
export function NumberCell({ children, strike = false }: { children: ReactNode; strike?: boolean }) {
  return (
    <Table.Td ta="right" style={{ ...NUMERIC, textDecoration: strike ? 'line-through' : undefined }}>
      {children}
    </Table.Td>
  );
}

/** A right-aligned column heading over figures. */
export function NumberTh({ children }: { children: ReactNode }) {
  return <Table.Th ta="right">{children}</Table.Th>;
}
