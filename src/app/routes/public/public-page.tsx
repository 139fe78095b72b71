import { Container, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The narrow card the public pages sit in. */
export function PublicPage({
  title,
  children,
  size = 'xs',
}: {
  title: string;
  children: ReactNode;
  size?: 'xs' | 'sm' | 'md';
}) {
  return (
    <Container size={size} px={0}>
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
