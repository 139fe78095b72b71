import { List, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { SectionCard } from './section-card';

interface ListCardProps<Item extends { id: number }> {
  /** The card's heading (it names the section). */
  title: string;
  /** The heading's level on its page; it looks the same (h4) either way. */
  order: 2 | 3;
  /** What stands in place of the list when there is nothing in it. */
  empty: string;
  items: readonly Item[];
  /** One item's line. */
  children(item: Item): ReactNode;
}

/** A section card of items as a bulleted list (or a dimmed line when there are none). */
export function ListCard<Item extends { id: number }>({ title, order, empty, items, children }: ListCardProps<Item>) {
  return (
    <SectionCard title={title} order={order}>
      {items.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <List>
          {items.map((item) => (
            <List.Item key={item.id}>{children(item)}</List.Item>
          ))}
        </List>
      )}
    </SectionCard>
  );
}
