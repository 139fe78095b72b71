import { Alert, Card, Code, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { href } from '@/lib/paths';
import { useMyCodes } from '@/offline/queries';
import { useRefreshMyQrCodes } from '../api/get-my-qr-codes';
import { FloorBoundary } from './floor-boundary';
import { QrImage } from './qr-image';

/** The URL a code's image holds: the stable's page for it, so any phone camera opens it too. */
export const qrUrl = (code: string) => `${window.location.origin}${href('stableQr', { code })}`;

function CodeList({ user }: { user: number }) {
  const { t } = useTranslation('floor');
  const refreshed = useRefreshMyQrCodes(user);
  const codes = useMyCodes(user);
  return (
    <>
      {refreshed.data === false && (
        <Alert color="orange" role="status">
          {codes?.length ? t('myCodes.offlineCopy') : t('myCodes.offlineNone')}
        </Alert>
      )}
      {refreshed.data === true && codes?.length === 0 && <Text c="dimmed">{t('myCodes.none')}</Text>}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        {codes?.map((code) => (
          <Stack key={code.code} align="center" gap={4}>
            <QrImage text={qrUrl(code.code)} label={t('myCodes.imageOf', { name: code.name })} />
            <Text fw={600}>{code.name}</Text>
            <Text size="sm" c="dimmed">
              {code.type === 'r' ? t('person.rider') : t('person.groom')}
            </Text>
            <Code>{code.code}</Code>
          </Stack>
        ))}
      </SimpleGrid>
    </>
  );
}

/** The rider's own code and each groom's, to show at the stable; readable offline once loaded. */
export function MyQrCodes({ user }: { user: number }) {
  const { t } = useTranslation('floor');
  const headingId = useId();
  return (
    <Card withBorder component="section" aria-labelledby={headingId}>
      <Stack>
        <Title order={2} size="h4" id={headingId}>
          {t('myCodes.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('myCodes.intro')}
        </Text>
        <FloorBoundary>
          <CodeList user={user} />
        </FloorBoundary>
      </Stack>
    </Card>
  );
}
