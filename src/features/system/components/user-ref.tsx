import { Text } from '@mantine/core';

interface UserRefProps {
  id: number | null;
  username: string | null;
  /** Shown when there is no user. */
  fallback?: string;
}

/** A user named by username, with the id the filters take beside it. */
export function UserRef({ id, username, fallback = '—' }: UserRefProps) {
  if (id === null) return <Text span>{fallback}</Text>;
  return (
    <Text span>
      {username ?? ''}{' '}
      <Text span c="dimmed" size="xs">
        #{id}
      </Text>
    </Text>
  );
}
