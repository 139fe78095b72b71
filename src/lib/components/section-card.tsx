import { Card, Stack, Title, type MantineSpacing } from '@mantine/core';
import { useId, type ReactNode } from 'react';

interface SectionCardProps {
  /** The card's heading; it names the section. */
  title: ReactNode;
  /** The heading's id, when something inside refers to it too (a table's labelledBy); its own otherwise. */
  titleId?: string;
  /** The heading's level on its page; it looks the same (h4) either way. */
  order?: 2 | 3;
  /** The space between the heading and what follows (default `sm`). */
  gap?: MantineSpacing;
  children: ReactNode;
}

/** A bordered section of a page, named by its heading. */
export function SectionCard({ title, titleId, order = 2, gap = 'sm', children }: SectionCardProps) {
  const ownId = useId();
  const headingId = titleId ?? ownId;
  return (
    <Card withBorder component="section" aria-labelledby={headingId}>
      <Stack gap={gap}>
        <Title order={order} size="h4" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
