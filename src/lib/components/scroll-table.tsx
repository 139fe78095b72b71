import { Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface ScrollTableProps extends Omit<TableProps, 'children'> {
  /** The id of the heading that names the table (and its scroll area). */
  labelledBy?: string;
  /** Its name, when no heading names it. */
  label?: string;
  /** Below this width the table scrolls sideways inside its container instead of the page. */
  minWidth: number;
  children: ReactNode;
}

/**
 * A striped table that scrolls sideways inside its container on narrow screens. The scroll area
 * takes the keyboard focus (WCAG: a scrolling region must be reachable) and the table's name.
 */
export function ScrollTable({ labelledBy, label, minWidth, children, ...table }: ScrollTableProps) {
  const name = labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': label };
  return (
    <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={{ viewportProps: { tabIndex: 0, ...name } }}>
      <Table striped {...table} {...name}>
        {children}
      </Table>
    </Table.ScrollContainer>
  );
}
