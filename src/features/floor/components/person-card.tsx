import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FloorPerson } from '@/offline/queries';
import { Chip } from './marks';

/** The horses of a rider as "#12 Name" (head number first: it is what staff read off the horse). */
export function HorseNames({ person }: { person: Pick<FloorPerson, 'horses'> }) {
  const { t } = useTranslation('floor');
  if (!person.horses.length)
    return (
      <Text size="sm" c="dimmed">
        {t('person.noHorses')}
      </Text>
    );
  return (
    <Group gap={6}>
      {person.horses.map((horse) => (
        <Chip key={horse.id} variant="light" color="gray" tt="none">
          {horse.head_number !== null ? `#${horse.head_number} ${horse.name}` : horse.name}
        </Chip>
      ))}
    </Group>
  );
}

/** Who a charge is for: the rider, or the groom and the rider the charge goes to. */
export function PersonCard({ person, children }: { person: FloorPerson; children?: ReactNode }) {
  const { t } = useTranslation('floor');
  const name = person.groom?.name ?? person.rider.name;
  return (
    <Card withBorder component="section" aria-label={name}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h3">
              {name}
            </Title>
            {person.groom && <Text size="sm">{t('person.groomOf', { rider: person.rider.name })}</Text>}
            {person.rider.payer.type === 'employer' && (
              <Text size="sm" c="dimmed">
                {t('person.paidBy', { payer: person.rider.payer.name })}
              </Text>
            )}
          </Stack>
          <Chip color={person.groom ? 'grape.9' : 'blue.9'}>
            {person.groom ? t('person.groom') : t('person.rider')}
          </Chip>
        </Group>
        <HorseNames person={person} />
        {children}
      </Stack>
    </Card>
  );
}
