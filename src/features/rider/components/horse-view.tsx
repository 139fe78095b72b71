import { Alert, Anchor, Button, Card, Group, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { RiderHorse } from '@shared/schemas/people';
import { errorText, showError } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useSectionHref } from '@/lib/owner-scope';
import { useCopyHorseOwnerData } from '../api/copy-horse-owner-data';
import { useRiderHorse } from '../api/get-horse';
import { useRiderHorses } from '../api/list-horses';
import { Facts } from './facts';

/** Copy the owner data of another of the rider's horses onto this one. */
function CopyOwnerData({ rider, horse }: { rider: number; horse: RiderHorse }) {
  const { t } = useTranslation('people');
  const horses = useRiderHorses(rider);
  const copy = useCopyHorseOwnerData();
  const [source, setSource] = useState<string | null>(null);
  const others = (horses.data?.results ?? []).filter((other) => other.link !== horse.link);
  if (!others.length) return null;
  async function submit() {
    try {
      await copy.mutateAsync({ source: Number(source), target: horse.link });
      notify.success(t('horses.ownerCopied'));
      setSource(null);
    } catch (error) {
      showError(error);
    }
  }
  return (
    <Group align="flex-end" wrap="wrap">
      <Select
        label={t('horses.copyFrom')}
        placeholder={t('horses.copyFromPlaceholder')}
        data={others.map((other) => ({ value: String(other.link), label: other.name }))}
        value={source}
        onChange={setSource}
        miw={200}
      />
      <Button variant="default" disabled={!source} loading={copy.isPending} onClick={() => void submit()}>
        {t('horses.copy')}
      </Button>
    </Group>
  );
}

/** One of the rider's horses: its data, its owner's data, and copying owner data from another horse. */
export function HorseView({ rider, horseId }: { rider: number; horseId: number }) {
  const { t } = useTranslation('people');
  const sectionHref = useSectionHref();
  const horse = useRiderHorse(rider, horseId);
  const dataId = useId();
  const ownerId = useId();
  if (horse.isPending) return <Skeleton height={160} aria-label={t('common:table.loading')} />;
  if (horse.isError) return <Alert color="red">{errorText(horse.error)}</Alert>;
  const { data } = horse;
  const editOwner = sectionHref('HorseOwner', { id: data.id, horseOwnerId: data.link });
  const sex = data.sex ? t(`horses.sexes.${data.sex}`, { defaultValue: data.sex }) : null;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Card withBorder component="section" aria-labelledby={dataId}>
        <Stack>
          <Title order={2} size="h4" id={dataId}>
            {data.name}
          </Title>
          <Facts
            rows={[
              [t('horses.feiId'), data.fei_id],
              [t('horses.nationalId'), data.national_id],
              [t('horses.birthYear'), data.birth_year === null ? null : String(data.birth_year)],
              [t('horses.sex'), sex],
              [t('horses.colour'), data.colour],
              [t('horses.breed'), data.breed],
            ]}
          />
        </Stack>
      </Card>
      <Card withBorder component="section" aria-labelledby={ownerId}>
        <Stack>
          <Title order={2} size="h4" id={ownerId}>
            {t('horses.ownerData')}
          </Title>
          <Facts
            rows={[
              [t('horses.ownerName'), data.owner.owner_name],
              [t('horses.ownerAddress'), data.owner.owner_address],
              [t('horses.ownerVatId'), data.owner.owner_vat_id],
              [t('horses.ownerEmail'), data.owner.owner_email],
            ]}
          />
          {editOwner && (
            <Anchor component={Link} to={editOwner}>
              {t('horses.editOwner')}
            </Anchor>
          )}
          <CopyOwnerData rider={rider} horse={data} />
          {!data.owner.owner_name && (
            <Text size="sm" c="dimmed">
              {t('horses.noOwner')}
            </Text>
          )}
        </Stack>
      </Card>
    </SimpleGrid>
  );
}
